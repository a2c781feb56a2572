/**
 * Shadowed descriptions (issue 19): DataHub's UI writes an ML entity's description edit to an editable aspect of
 * its own, and DataHub shows that value instead of the properties' description, which is the one the manifests
 * declare. The page shows what DataHub shows, and says so next to it, with who made the edit and where the
 * manifest's text lives (the provenance the reconciler records in the properties aspect's systemMetadata).
 *
 * The server may not depend on the plan (architecture.md, section 5), so this is the page's own reading of the
 * rule src/plan/shadowing.ts applies: an edit shadows when it is a non-empty string other than the properties'.
 * Which aspect shadows which is DataHub's fact, read from src/datahub/editable-aspects.ts as the plan reads it.
 */
import { editableAspectOf, type EditableAspect } from '../../../datahub/editable-aspects.js';
import { entityTypeOfObjectType } from '../../../datahub/entity-types.js';
import { parseJson } from '../../../model/json.js';
import { node, nodes, str, writerProperties, type Node } from '../catalog-reader.js';
import { html, type Html } from '../html.js';
import { formatTime } from './page-parts.js';
import { excerpt } from './layout.js';

/** Of a GraphQL type: the aspect the manifests write, and the one DataHub's updateDescription writes. */
function descriptionAspects(graphqlType: string): EditableAspect | undefined {
  const entityType = entityTypeOfObjectType(graphqlType);
  return entityType === undefined ? undefined : editableAspectOf(entityType);
}

/** A UI edit shown in place of the properties' description, with what the page knows about both sides. */
export interface ShadowedDescription {
  /** The UI edit: what DataHub, and this page, show. */
  readonly shown: string;
  /** The properties' description; undefined when it has none. */
  readonly declared: string | undefined;
  readonly propertiesAspect: string;
  readonly editableAspect: string;
  readonly editedBy: string | undefined;
  /** Epoch milliseconds. */
  readonly editedAt: number | undefined;
  /** Where the reconciler took the properties from (`<file>:<line>`), when it wrote them. */
  readonly manifest: string | undefined;
  readonly gitRevision: string | undefined;
  readonly gitDirty: boolean;
}

/**
 * What the entity page query adds for a type with an editable description: DataHub's own fields for the two
 * values, and the latest stored version of each aspect (aspectHistory) for who wrote it and from where.
 * Empty for other types.
 */
export function shadowSelection(graphqlType: string): string {
  const aspects = descriptionAspects(graphqlType);
  if (aspects === undefined) return '';
  // Every version of the one aspect, not count 1: the latest row (version 0) is first only while the rows' times
  // agree with the order they were written in, which an import of older rows need not keep.
  const latest = (alias: string, aspect: string) =>
    `${alias}: aspectHistory(input: {urn: $urn, aspect: "${aspect}", count: 1000}) {
      versions { aspectName version createdOn createdBy payload systemMetadata }
    }`;
  return `shadow: entity(urn: $urn) {
      ... on ${graphqlType} { properties { description } editableProperties { description } }
    }
    ${latest('declaredVersion', aspects.shadows)}
    ${latest('editedVersion', aspects.aspect)}`;
}

/** The shadowing the answer to `shadowSelection` shows, or undefined when the page shows the properties' text. */
export function findShadowedDescription(graphqlType: string, data: Node): ShadowedDescription | undefined {
  const aspects = descriptionAspects(graphqlType);
  const entity = node(data['shadow']);
  if (aspects === undefined || entity === undefined) return undefined;
  const shown = node(entity['editableProperties'])?.['description'];
  // DataHub's app falls back to the properties' description when the edit is empty or blank.
  if (typeof shown !== 'string' || shown.trim() === '') return undefined;
  const declared = str(node(entity['properties'])?.['description']);
  if (shown === declared) return undefined;
  const edited = latestVersion(data['editedVersion']);
  const stamp = edited === undefined ? {} : editStamp(edited);
  const declaredVersion = latestVersion(data['declaredVersion']);
  const provenance = declaredVersion === undefined ? undefined : writerProperties(declaredVersion);
  return {
    shown,
    declared,
    propertiesAspect: aspects.shadows,
    editableAspect: aspects.aspect,
    editedBy: stamp.actor,
    editedAt: stamp.time,
    manifest: str(provenance?.['manifest']),
    gitRevision: str(provenance?.['gitRevision']),
    gitDirty: provenance?.['gitDirty'] === 'true',
  };
}

/** The notice beside the description. */
export function renderShadowNotice(shadow: ShadowedDescription): Html {
  const who = shadow.editedBy ?? 'an unknown user';
  const when = shadow.editedAt === undefined ? '' : ` on ${formatTime(shadow.editedAt)}`;
  const declared =
    shadow.declared === undefined
      ? html`no description`
      : html`“<span class="declared">${excerpt(shadow.declared, 300)}</span>”`;
  const revision =
    shadow.gitRevision === undefined
      ? ''
      : html` (revision <code title="${shadow.gitRevision}">${shortRevision(shadow.gitRevision)}</code>${
            shadow.gitDirty ? ', with uncommitted changes' : ''
          })`;
  const source =
    shadow.manifest === undefined
      ? html`It shadows ${shadow.declared === undefined ? 'the empty description' : declared} in
          <code>${shadow.propertiesAspect}</code>.`
      : html`The manifest declares ${declared} at <code>${shadow.manifest}</code>${revision}.`;
  return html`<p class="banner warn shadowed" role="note">
    <strong>Shown from a UI edit</strong> by <span class="actor">${who}</span>${when}
    (<code>${shadow.editableAspect}</code>), as DataHub shows it. ${source}
  </p>`;
}

/** Git's short form of a commit name. */
export function shortRevision(revision: string): string {
  return /^[0-9a-f]{8,}$/i.test(revision) ? revision.slice(0, 7) : revision;
}

function latestVersion(history: unknown): Node | undefined {
  return nodes(node(history)?.['versions']).find((version) => version['version'] === 0);
}

/**
 * Who made the edit and when: the aspect's own audit stamps when it has them (newer DataHub versions add
 * lastModified/created to editable aspects), else the stamps GMS keeps in systemMetadata, else who stored the row
 * and when (the caller of updateDescription). The same order the plan's note takes (src/plan/shadowing.ts).
 */
function editStamp(version: Node): { actor?: string; time?: number } {
  const payload = parseJson(str(version['payload']) ?? '{}');
  const value = payload.ok ? node(payload.value) : undefined;
  const system = parseJson(str(version['systemMetadata']) ?? '{}');
  const metadata = system.ok ? node(system.value) : undefined;
  for (const candidate of [
    value?.['lastModified'],
    value?.['created'],
    metadata?.['aspectModified'],
    metadata?.['aspectCreated'],
  ]) {
    const stamp = node(candidate);
    const actor = str(stamp?.['actor']);
    const time = stamp?.['time'];
    // DataHub's UNKNOWN stamp (urn:li:corpuser:unknown at 0) says nothing.
    if (actor !== undefined && typeof time === 'number' && time > 0) return { actor, time };
  }
  const actor = str(version['createdBy']);
  const time = typeof version['createdOn'] === 'number' ? version['createdOn'] : undefined;
  return { ...(actor === undefined ? {} : { actor }), ...(time === undefined ? {} : { time }) };
}
