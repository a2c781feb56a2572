/**
 * What `catalog adopt` brings back from the live catalog into the manifests (pure): for every declared entity,
 * the owned fields whose live value differs from the manifest (drift), the fields DataHub shows from a UI edit
 * instead (shadowing), and with `unmanaged` the owners, tags, links and term attachments others added. Each is
 * an edit of the manifest at the node that declares it; the edits are applied by edit-manifest.ts.
 *
 * Three-way (a base revision of the manifests given): a field the pull request changed (base and head differ)
 * that also changed live is a conflict, reported with both values and left as it is.
 */
import type { DesiredEntity } from '../model/desired-state.js';
import { reference, references, type FieldSpec } from '../kinds/adopt-fields.js';
import { DECLARED_ONLY_FIELDS, OWNED_FIELDS } from '../kinds/entity-tables.js';
import { KINDS } from '../kinds/registry.js';
import type { JsonValue } from '../model/json.js';
import type { LiveEntity } from '../model/live-state.js';
import { sameField } from '../plan/normalize.js';
import { EDITABLE_ASPECTS, editStampOf } from '../plan/shadowing.js';
import { adoptAssociations } from './adopt-associations.js';
import { adoptPropertyValues } from './adopt-properties.js';
import { adoptDatasetProperties, adoptDatasetTerms } from './adopt-dataset-terms.js';
import type { AdoptionInput, AdoptionPlan } from './adoption.js';
import { AdoptionRecorder } from './adoption-recorder.js';
import { declarationSitesOf, locationKey, valueAt, type DeclarationSite } from './declaration-sites.js';
import type { ManifestEdit } from './manifest-edit.js';

export type { Adoption, AdoptionConflict, AdoptionInput, AdoptionPlan, AdoptionReason } from './adoption.js';

/** The owned fields adopt may bring back, by owned aspect (each kind's `adopt.fields`). */
const FIELD_SPECS: ReadonlyMap<string, Readonly<Record<string, FieldSpec>>> = new Map(
  KINDS.flatMap((module) =>
    'entity' in module && module.adopt.fields !== undefined
      ? [[module.entity.ownedAspect, module.adopt.fields] as const]
      : [],
  ),
);

/** The related-terms lists of a term, by manifest key. */
const RELATED_KEYS: Readonly<Record<string, string>> = {
  isRelatedTerms: 'isA',
  hasRelatedTerms: 'hasA',
  values: 'values',
  relatedTerms: 'relatedTo',
};

export function computeAdoption(input: AdoptionInput): AdoptionPlan {
  const recorder = new AdoptionRecorder(input);
  const sites = declarationSitesOf(input.documents);
  const entities = new EntityAdoption(input, recorder, sites);
  for (const entity of input.desired.entities) entities.adoptEntity(entity);
  for (const dataset of input.desired.datasets) {
    if (input.unmanaged) adoptDatasetTerms(recorder, input, sites, dataset);
    adoptDatasetProperties(recorder, input, sites, dataset);
  }
  return recorder.result();
}

/** The owned fields, shadowed fields, related terms and (with `unmanaged`) associations of declared entities. */
class EntityAdoption {
  private readonly baseEntities: ReadonlyMap<string, DesiredEntity>;

  constructor(
    private readonly input: AdoptionInput,
    private readonly recorder: AdoptionRecorder,
    private readonly sites: ReadonlyMap<string, DeclarationSite>,
  ) {
    this.baseEntities = new Map((input.base?.entities ?? []).map((entity) => [entity.urn, entity]));
  }

  adoptEntity(entity: DesiredEntity): void {
    const live = this.input.live.entities.get(entity.urn);
    const declaration = this.sites.get(locationKey(entity.source));
    // Not in the catalog yet (or not found in the documents): nothing was changed there to bring back.
    if (live === undefined || !live.exists || declaration === undefined) return;
    const shadowed = this.adoptShadowed(entity, live, declaration);
    const owned = live.aspects.get(entity.aspectName)?.value;
    if (owned !== undefined) {
      const specs = FIELD_SPECS.get(entity.aspectName) ?? {};
      const fields = [...OWNED_FIELDS[entity.aspectName], ...DECLARED_ONLY_FIELDS];
      for (const field of fields) {
        const spec = specs[field];
        if (spec === undefined || shadowed.has(field)) continue;
        if (DECLARED_ONLY_FIELDS.includes(field) && entity.fields[field] === undefined) continue;
        this.adoptField(entity, declaration, field, spec, owned[field]);
      }
    }
    this.adoptRelatedTerms(entity, live, declaration);
    if (this.input.unmanaged)
      adoptAssociations(this.recorder, this.input.desired.settings.actor, entity, live, declaration);
    adoptPropertyValues(this.recorder, this.input.desired.settings.actor, this.input.unmanaged, {
      urn: entity.urn,
      live,
      declaration,
      path: [...declaration.at, 'properties'],
      label: 'properties',
      declared: entity.associations?.properties,
      ...(this.input.base === undefined
        ? {}
        : { base: { values: this.baseEntities.get(entity.urn)?.associations?.properties ?? [] } }),
    });
  }

  /** Fields DataHub shows from a UI edit instead of the manifest's value: the shown value is adopted. */
  private adoptShadowed(entity: DesiredEntity, live: LiveEntity, declaration: DeclarationSite): Set<string> {
    const adopted = new Set<string>();
    const editable = EDITABLE_ASPECTS[entity.entityType];
    const aspect = editable === undefined ? undefined : live.aspects.get(editable.aspect);
    if (editable === undefined || aspect === undefined) return adopted;
    for (const field of editable.fields) {
      const shown = aspect.value[field];
      // DataHub's app falls back to the owned aspect on an empty edit, so an empty one shadows nothing.
      if (typeof shown !== 'string' || shown.trim() === '') continue;
      adopted.add(field);
      if (sameField(entity.aspectName, field, entity.fields[field], shown)) continue;
      if (this.recorder.writtenWithVariable(entity.urn, declaration, field, shown)) continue;
      if (this.conflictsWithBase(entity, declaration, field, shown)) continue;
      const stamp = editStampOf(aspect);
      this.recorder.record(
        entity.urn,
        declaration,
        { kind: 'set', path: [...declaration.at, field], value: shown },
        {
          reason: 'shadow',
          field,
          source: this.recorder.fieldSource(declaration, field),
          ...(entity.fields[field] === undefined ? {} : { manifest: entity.fields[field] }),
          live: shown,
          shownFrom: editable.aspect,
          ...(stamp.actor === undefined ? {} : { editedBy: stamp.actor }),
        },
      );
    }
    return adopted;
  }

  private adoptField(
    entity: DesiredEntity,
    declaration: DeclarationSite,
    field: string,
    spec: FieldSpec,
    liveValue: JsonValue | undefined,
  ): void {
    if (sameField(entity.aspectName, field, entity.fields[field], liveValue)) return;
    if (this.recorder.writtenWithVariable(entity.urn, declaration, spec.key, liveValue)) return;
    if (this.conflictsWithBase(entity, declaration, field, liveValue)) return;
    const path = [...declaration.at, spec.key];
    const current = valueAt(declaration.doc.source.value, path);
    const context = this.recorder.writeContext(entity.urn, current);
    let written: JsonValue | undefined =
      liveValue === undefined || liveValue === null ? undefined : spec.toManifest(liveValue, context);
    if (written !== undefined && spec.references === true) {
      const resolved = entity.fields[field];
      written = references(
        written,
        context,
        Array.isArray(resolved) ? resolved.filter((item): item is string => typeof item === 'string') : [],
      );
    }
    if (written === undefined && (spec.required === true || current === undefined)) return;
    const edit: ManifestEdit =
      written === undefined ? { kind: 'delete', path } : { kind: 'set', path, value: written };
    this.recorder.record(entity.urn, declaration, edit, {
      reason: 'drift',
      field: spec.key,
      source: this.recorder.fieldSource(declaration, spec.key),
      ...(current === undefined ? {} : { manifest: current }),
      ...(written === undefined ? {} : { live: written }),
    });
  }

  /** A declared glossaryRelatedTerms aspect of a term: each list that differs live is adopted. */
  private adoptRelatedTerms(entity: DesiredEntity, live: LiveEntity, declaration: DeclarationSite): void {
    const declaredAspect = entity.aspects?.find((aspect) => aspect.aspectName === 'glossaryRelatedTerms');
    const liveValue = live.aspects.get('glossaryRelatedTerms')?.value;
    if (declaredAspect?.value === null || declaredAspect === undefined || liveValue === undefined) return;
    for (const [field, key] of Object.entries(RELATED_KEYS)) {
      const want = declaredAspect.value[field];
      const have = liveValue[field];
      if (sameField('glossaryRelatedTerms', field, want ?? [], have ?? [])) continue;
      const label = `relatedTerms.${key}`;
      if (this.recorder.writtenWithVariable(entity.urn, declaration, ['relatedTerms', key], have, label))
        continue;
      const base = this.baseEntities
        .get(entity.urn)
        ?.aspects?.find((aspect) => aspect.aspectName === 'glossaryRelatedTerms')?.value?.[field];
      if (
        this.input.base !== undefined &&
        !sameField('glossaryRelatedTerms', field, base ?? [], want ?? [])
      ) {
        this.recorder.conflict({
          urn: entity.urn,
          field: label,
          source: this.recorder.fieldSource(declaration, 'relatedTerms'),
          ...(base === undefined ? {} : { base }),
          ...(want === undefined ? {} : { manifest: want }),
          ...(have === undefined ? {} : { live: have }),
        });
        continue;
      }
      const context = this.recorder.writeContext(entity.urn);
      const urns = Array.isArray(have) ? have.filter((item): item is string => typeof item === 'string') : [];
      this.recorder.record(
        entity.urn,
        declaration,
        {
          kind: 'set',
          path: [...declaration.at, 'relatedTerms', key],
          value: urns.map((u) => reference(u, context)),
        },
        {
          reason: 'drift',
          field: label,
          source: this.recorder.fieldSource(declaration, 'relatedTerms'),
          live: urns,
        },
      );
    }
  }

  /** With a base: a field the pull request changed and that differs live is a conflict (and not adopted). */
  private conflictsWithBase(
    entity: DesiredEntity,
    declaration: DeclarationSite,
    field: string,
    liveValue: JsonValue | undefined,
  ): boolean {
    if (this.input.base === undefined) return false;
    const base = this.baseEntities.get(entity.urn);
    const baseValue = base?.aspectName === entity.aspectName ? base.fields[field] : undefined;
    if (base !== undefined && sameField(entity.aspectName, field, baseValue, entity.fields[field]))
      return false;
    const key = FIELD_SPECS.get(entity.aspectName)?.[field]?.key ?? field;
    this.recorder.conflict({
      urn: entity.urn,
      field: key,
      source: this.recorder.fieldSource(declaration, key),
      ...(baseValue === undefined ? {} : { base: baseValue }),
      ...(entity.fields[field] === undefined ? {} : { manifest: entity.fields[field] }),
      ...(liveValue === undefined ? {} : { live: liveValue }),
    });
    return true;
  }
}
