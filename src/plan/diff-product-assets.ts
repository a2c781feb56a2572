/**
 * The assets of a data product (dataProductProperties.assets). Like term attachments, the unit of ownership is one
 * asset: the tool adds the assets its manifests declare, with its marker, and removes only assets that carry the
 * marker. Assets someone else added (DataHub's UI, batchSetDataProduct, another job) are kept; one the manifests
 * declare too is claimed (re-written with the marker). The list is a field of the product's owned aspect, so the
 * change to it is folded into that aspect's write (one write per aspect: a second one would meet a version it did
 * not see).
 *
 * The marker: a DataProductAssociation is an Edge {sourceUrn?, destinationUrn, created?, lastModified?,
 * properties?: map[string, string]} plus outputPort (DataHub v1.7.0, DataProductAssociation.pdl, Edge.pdl).
 * `properties` is the one field free for the tool to fill in: `created.actor` cannot tell the tool from a person
 * running as the same actor, and DataHub's own mutations write no properties, so {managedBy, actor} in properties
 * marks the tool's assets without ambiguity (and names which catalog, like the other markers).
 */
import type { DesiredEntity } from '../model/desired-state.js';
import { isJsonObject, stringOr, type JsonObject, type JsonValue, overlaid } from '../model/json.js';
import type { LiveEntity } from '../model/live-state.js';
import { plannedStamp } from './diff-term-edges.js';
import { MANAGED_BY, isAnotherCatalogsAsset, isOwnedAsset } from './ownership.js';
import { aspectChangeBase, type AssociationItem, type AssociationsChange, type PlanNote } from './types.js';

const PRODUCT_ASPECT = 'dataProductProperties';

/** An asset as the tool writes it; `created` is stamped with the time of the write. */
export function ownedAsset(urn: string, actor: string, outputPort = false): JsonObject {
  return {
    destinationUrn: urn,
    created: plannedStamp(actor),
    ...(outputPort ? { outputPort } : {}),
    properties: { managedBy: MANAGED_BY, actor },
  };
}

/** Whether a live asset line is an output port (absent: not one, the PDL's default). */
function isOutputPort(line: JsonObject): boolean {
  return line['outputPort'] === true;
}

/** The asset URNs of a dataProductProperties value, in its order. */
export function assetUrnsOf(value: JsonObject | null | undefined): string[] {
  const assets = value?.['assets'];
  if (!Array.isArray(assets)) return [];
  return assets.flatMap((item: JsonValue) =>
    isJsonObject(item) && typeof item['destinationUrn'] === 'string' ? [item['destinationUrn']] : [],
  );
}

export interface AssetDiff {
  /** The assets list once the plan is applied; undefined when it does not change. */
  readonly assets: JsonObject[] | undefined;
  readonly added: readonly AssociationItem[];
  readonly removed: readonly AssociationItem[];
  readonly claimed: readonly AssociationItem[];
  readonly notes: readonly PlanNote[];
}

/** Compares a product's declared assets with its live ones (pure). */
export function diffProductAssets(
  desired: DesiredEntity,
  live: LiveEntity | undefined,
  actor: string,
): AssetDiff {
  const current = live?.aspects.get(PRODUCT_ASPECT)?.value;
  const lines = Array.isArray(current?.['assets']) ? current['assets'].filter(isJsonObject) : [];
  const wanted = new Map((desired.assets ?? []).map((asset) => [asset.urn, asset]));
  const present = new Set(lines.map((line) => stringOr(line['destinationUrn'])));
  const notes: PlanNote[] = [];
  const added: AssociationItem[] = [];
  const removed: AssociationItem[] = [];
  const claimed: AssociationItem[] = [];
  const kept: JsonObject[] = [];
  for (const line of lines) {
    const urn = stringOr(line['destinationUrn']);
    const asset = wanted.get(urn);
    if (asset === undefined) {
      if (isOwnedAsset(line, actor)) removed.push({ key: urn, label: urn });
      else kept.push(line);
      continue;
    }
    const port = asset.outputPort;
    if (port !== undefined && !isAnotherCatalogsAsset(line, actor) && isOutputPort(line) !== port) {
      // The manifest says otherwise of its output port: the line is written as the manifest says it.
      removed.push({ key: urn, label: portLabel(urn, isOutputPort(line)) });
      added.push({ key: urn, label: portLabel(urn, port), source: asset.source });
      const properties = isJsonObject(line['properties']) ? line['properties'] : {};
      kept.push(
        overlaid(line, {
          outputPort: port,
          properties: overlaid(properties, { managedBy: MANAGED_BY, actor }),
        }),
      );
      continue;
    }
    if (isOwnedAsset(line, actor)) kept.push(line);
    else if (isAnotherCatalogsAsset(line, actor)) {
      notes.push({
        kind: 'unownedEdge',
        message: `asset ${urn} of ${desired.urn} is kept by another catalog (another actor); left as it is`,
        urn: desired.urn,
        source: asset.source,
      });
      kept.push(line);
    } else {
      // A claim keeps what the line says (outputPort, sourceUrn, a connector's properties) and adds the marker.
      claimed.push({ key: urn, label: urn, source: asset.source });
      const properties = isJsonObject(line['properties']) ? line['properties'] : {};
      kept.push(overlaid(line, { properties: overlaid(properties, { managedBy: MANAGED_BY, actor }) }));
    }
  }
  for (const asset of wanted.values()) {
    if (present.has(asset.urn)) continue;
    added.push({
      key: asset.urn,
      label: portLabel(asset.urn, asset.outputPort === true),
      source: asset.source,
    });
    kept.push(ownedAsset(asset.urn, actor, asset.outputPort === true));
  }
  const changed = added.length + removed.length + claimed.length > 0;
  return { assets: changed ? kept : undefined, added, removed, claimed, notes };
}

/** The assets change of a product whose owned fields do not change: its lines, as owners and tags are shown. */
export function assetsChange(
  desired: DesiredEntity,
  live: LiveEntity | undefined,
  diff: AssetDiff,
): AssociationsChange | undefined {
  const current = live?.aspects.get(PRODUCT_ASPECT)?.value;
  if (diff.assets === undefined || current === undefined) return undefined;
  return {
    kind: 'associations',
    action: 'update',
    ...aspectChangeBase(desired.urn, desired.entityType, PRODUCT_ASPECT, live, desired.source),
    added: diff.added,
    removed: diff.removed,
    ...(diff.claimed.length === 0 ? {} : { claimed: diff.claimed }),
    before: current,
    after: overlaid(current, { assets: diff.assets }),
  };
}

function portLabel(urn: string, outputPort: boolean): string {
  return outputPort ? `${urn} (output port)` : urn;
}
