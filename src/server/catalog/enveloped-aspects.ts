/** Stored aspects in the shape DataHub's entitiesV2 answers them (pure). */
import type { JsonObject } from '../../model/json.js';
import { RawJson } from '../raw-json.js';
import type { StoredAspect, StoredRow } from '../store/aspect-store.js';
import type { KeyAspect } from './accept-proposals.js';

/** The actor GMS stamps on its own writes and on synthesized aspects. */
export const SYSTEM_ACTOR = 'urn:li:corpuser:__datahub_system';

/** DataHub's EnvelopedAspect (entitiesV2). */
export interface EnvelopedAspect {
  readonly name: string;
  readonly type: 'VERSIONED';
  readonly version: number;
  readonly value: JsonObject;
  readonly created: { readonly time: number; readonly actor: string };
  readonly systemMetadata?: JsonObject;
}

/** An EnvelopedAspect whose value and system metadata are the stored JSON text. */
export interface StoredEnvelope extends Omit<EnvelopedAspect, 'value' | 'systemMetadata'> {
  readonly value: RawJson;
  readonly systemMetadata: RawJson;
}

export function envelope(aspect: StoredAspect): EnvelopedAspect {
  return {
    name: aspect.aspect,
    type: 'VERSIONED',
    version: aspect.version,
    value: aspect.value,
    created: { time: aspect.createdOn, actor: aspect.createdBy },
    systemMetadata: aspect.systemMetadata,
  };
}

export function storedEnvelope(row: StoredRow): StoredEnvelope {
  return {
    name: row.aspect,
    type: 'VERSIONED',
    version: row.version,
    value: new RawJson(row.metadata),
    created: { time: row.createdon, actor: row.createdby },
    systemMetadata: new RawJson(row.systemmetadata),
  };
}

/** The key aspect GMS answers, created `time`, for an entity whose key is not stored. */
export function synthesizedKey(key: KeyAspect, time: number): EnvelopedAspect {
  return {
    name: key.aspectName,
    type: 'VERSIONED',
    version: 0,
    value: key.value,
    created: { time, actor: SYSTEM_ACTOR },
  };
}
