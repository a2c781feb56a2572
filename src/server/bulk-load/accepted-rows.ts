/**
 * Accepted proposals as they cross from the thread that reads a metadata file to the one that writes the catalog:
 * columns of strings and small objects. A structured clone copies an aspect's JSON text about twice as fast as the
 * aspect object, and the writer stores the text; it parses a value again only where a write compares it.
 */
import type { JsonObject } from '../../model/json.js';
import type { ChangeType } from '../../model/proposal.js';
import { acceptedAgain, type AcceptedProposal } from '../catalog-service.js';
import { parseStoredObject } from '../store/stored-json.js';

export interface AcceptedRows {
  readonly entityTypes: string[];
  readonly entityUrns: string[];
  readonly aspectNames: string[];
  readonly changeTypes: ChangeType[];
  /** The aspect as stored: its JSON text. */
  readonly texts: string[];
  readonly systemMetadata: (JsonObject | null)[];
  readonly headers: (Readonly<Record<string, string>> | null)[];
  readonly keyAspectNames: string[];
  /** The entity's key aspect as JSON text. */
  readonly keyTexts: string[];
}

export function toAcceptedRows(accepted: readonly AcceptedProposal[]): AcceptedRows {
  const rows: AcceptedRows = {
    entityTypes: [],
    entityUrns: [],
    aspectNames: [],
    changeTypes: [],
    texts: [],
    systemMetadata: [],
    headers: [],
    keyAspectNames: [],
    keyTexts: [],
  };
  // The proposals of an entity share one key object (acceptCheckedProposals): serialized once.
  let lastKey: AcceptedProposal['key'] | undefined;
  let lastKeyText = '';
  for (const { proposal, text, key } of accepted) {
    rows.entityTypes.push(proposal.entityType);
    rows.entityUrns.push(proposal.entityUrn);
    rows.aspectNames.push(proposal.aspectName);
    rows.changeTypes.push(proposal.changeType);
    rows.texts.push(text);
    rows.systemMetadata.push(proposal.systemMetadata ?? null);
    rows.headers.push(proposal.headers ?? null);
    rows.keyAspectNames.push(key.aspectName);
    if (key !== lastKey) {
      lastKey = key;
      lastKeyText = JSON.stringify(key.value);
    }
    rows.keyTexts.push(lastKeyText);
  }
  return rows;
}

/** The accepted proposal of row `i`, its aspect parsed from its text (an object's, as the reading thread wrote it). */
export function acceptedOfRow(rows: AcceptedRows, i: number): AcceptedProposal {
  const text = rows.texts[i] as string;
  const systemMetadata = rows.systemMetadata[i];
  const headers = rows.headers[i];
  return acceptedAgain(
    {
      entityType: rows.entityTypes[i] as string,
      entityUrn: rows.entityUrns[i] as string,
      changeType: rows.changeTypes[i] as ChangeType,
      aspectName: rows.aspectNames[i] as string,
      aspect: parseStoredObject(text),
      ...(systemMetadata === null || systemMetadata === undefined ? {} : { systemMetadata }),
      ...(headers === null || headers === undefined ? {} : { headers }),
    },
    {
      aspectName: rows.keyAspectNames[i] as string,
      value: parseStoredObject(rows.keyTexts[i] as string),
    },
    text,
  );
}
