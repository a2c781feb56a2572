/**
 * The plan: a value that says exactly what apply will do and nothing else (house rule 2). It serializes to a
 * versioned JSON document (plan-json.ts); apply executes a plan value, freshly made or loaded from a file.
 *
 * Optional fields are of two sorts. A list that would be empty is left out (aliasMoves, renames, an upsert's
 * `declared`, a line change's `claimed`): absent reads as empty, and the plan's JSON stays as short as the plan.
 * Any other optional field is absent where it does not apply, as its comment says. A plan file of an older format
 * version is refused (plan-json.ts), so no field is optional only because older plans lack it.
 */
import type { SourceLocation } from '../errors.js';
import type { JsonObject, JsonValue } from '../model/json.js';
import { versionSeen, type LiveEntity } from '../model/live-state.js';
import type { ChangeGraph } from './change-graph-types.js';
import type { PlanImpact } from './impact-types.js';

/**
 * The version of the plan's JSON document; `catalog apply` refuses a plan of any other. 2: the graph of the change
 * is data (`changeGraph`), where 1 held it drawn as Mermaid text (`picture`). 3: the document carries its `digest`
 * (plan-digest.ts), which apply checks, and every change, note and policy warning names its entity (`name`).
 */
export const PLAN_FORMAT_VERSION = 3;

/** One changed field of an aspect; `before`/`after` absent means the field is absent. */
export interface FieldChange {
  readonly path: string;
  readonly before?: JsonValue;
  readonly after?: JsonValue;
}

/** A term attached to (or detached from) a dataset or one of its columns. */
export interface TermEdge {
  readonly termUrn: string;
  /** The column's field path as it is (or will be) written in editableSchemaMetadata; absent for the dataset. */
  readonly fieldPath?: string;
  readonly source?: SourceLocation;
}

/** Where a change comes from: the manifests changed (the pull request), or the live catalog moved (drift). */
export type ChangeOrigin = 'manifest' | 'drift';

interface ChangeBase {
  /** Stable identity of the change, e.g. "mlFeatureProperties urn:li:mlFeature:(t,a)". */
  readonly id: string;
  readonly urn: string;
  /**
   * What people call the entity (line-names.ts): every plan createPlan makes names every change; absent only while a
   * change is being made, and in changes a caller builds by hand (the renderers then show the name its URN carries).
   */
  readonly name?: string;
  readonly entityType: string;
  readonly aspect: string;
  /** The aspect's version when the plan read it ("-1": it did not exist): the stale-plan check compares it. */
  readonly versionSeen: string;
  /** The manifest location that asked for the change (absent for prune). */
  readonly source?: SourceLocation;
  /** With --base: what caused the change (classify-origin.ts). */
  readonly origin?: ChangeOrigin;
  /** A rename's retirement of its old entity: the URN of the entity that replaces it (applied last, see phaseOf). */
  readonly retires?: string;
}

/** Creates or updates an owned aspect with an aspect write (ingestProposalBatch). */
export interface UpsertAspectChange extends ChangeBase {
  readonly kind: 'upsertAspect';
  readonly action: 'create' | 'update';
  readonly before: JsonObject | null;
  /** The whole aspect to write: the live value with the owned fields overlaid. */
  readonly after: JsonObject;
  readonly fields: readonly FieldChange[];
  /** On create, a `status {removed: false}` is written too: it marks the entity as this tool's (see ownership). */
  readonly markStatus: boolean;
  /**
   * The declared-only fields the manifest declares in this aspect (hyperParams, trainingMetrics, aliases): the
   * write records them in its marker (ownership.ts withDeclaredFields), so that removing the line later clears
   * them.
   */
  readonly declared?: readonly string[];
}

/** Creates a glossary term through GraphQL createGlossaryTerm (and then marks its status as above). */
export interface CreateTermChange extends ChangeBase {
  readonly kind: 'createGlossaryTerm';
  readonly action: 'create';
  /** The id as it appears in the URN. */
  readonly termId: string;
  readonly name: string;
  readonly description: string;
  /** The glossary node it is created in (createGlossaryTerm's parentNode). */
  readonly parentNode?: string;
  readonly after: JsonObject;
  readonly fields: readonly FieldChange[];
}

/** Soft-deletes (--prune) or restores an entity through its status aspect. */
export interface StatusChange extends ChangeBase {
  readonly kind: 'status';
  readonly action: 'delete' | 'restore';
  readonly before: JsonObject | null;
  readonly after: JsonObject;
}

/** Adds and removes lines of one list aspect, one line at a time (the unit of ownership). */
interface LineChange<Line> extends ChangeBase {
  readonly action: 'create' | 'update';
  readonly added: readonly Line[];
  readonly removed: readonly Line[];
  /**
   * Lines the manifests declare that someone else added: they are re-written with the tool's marker and are the
   * tool's from then on (e.g. after `catalog adopt --unmanaged` wrote them into the manifests).
   */
  readonly claimed?: readonly Line[];
  readonly before: JsonObject | null;
  /** The aspect after the change; audit stamps are filled in when it is written. */
  readonly after: JsonObject;
}

/** Adds and removes term edges on one aspect of a dataset (glossaryTerms or editableSchemaMetadata). */
export interface TermEdgesChange extends LineChange<TermEdge> {
  readonly kind: 'termEdges';
}

/** One owner, tag or link line of an entity, as the plan shows it. */
export interface AssociationItem {
  /** Its identity: the owner URN and type, the tag URN, or the link URL. */
  readonly key: string;
  readonly label: string;
  readonly source?: SourceLocation;
}

/**
 * Adds and removes owners (ownership), tags (globalTags) or links (institutionalMemory) of one entity. Only
 * lines carrying the tool's marker are ever removed (see ownership.ts).
 */
export interface AssociationsChange extends LineChange<AssociationItem> {
  readonly kind: 'associations';
  /**
   * An entity's forms: the forms the tool has assigned once it is written, recorded in the write's marker (as an
   * upsert's `declared`): a FormAssociation has no room for a marker of its own (diff-form-assignments.ts).
   */
  readonly declared?: readonly string[];
}

export type Change =
  UpsertAspectChange | CreateTermChange | StatusChange | TermEdgesChange | AssociationsChange;

/** Something the plan does not change but a reviewer should know. */
export interface PlanNote {
  /** keptByRollback: an aspect a rollback leaves as it is (changed since the run; rollback-plan.ts). */
  readonly kind:
    'unownedEdge' | 'pruneSkipped' | 'shadowedField' | 'deprecatedTarget' | 'keptByRollback' | 'softDeleted';
  readonly message: string;
  readonly urn: string;
  /** The entity's name, as on changes (line-names.ts). */
  readonly name?: string;
  readonly source?: SourceLocation;
  /** shadowedField: the owned field DataHub shows from a UI edit instead (see shadowing.ts). */
  readonly shadow?: ShadowedField;
  /** deprecatedTarget: the deprecated entity the change adds to or references, and what replaces it. */
  readonly deprecated?: { readonly urn: string; readonly replacement?: string };
}

/**
 * An alias that the plan takes from one model of a group and gives to another: two versionProperties writes,
 * the removal in an earlier phase than the addition (phaseOf), shown as one line.
 */
export interface AliasMove {
  readonly alias: string;
  readonly group: string;
  readonly from: string;
  readonly to: string;
}

/** How a rename retires the old entity (--prune-strategy): soft-delete, deprecate naming the new one, or keep. */
export type RetireStrategy = 'delete' | 'deprecate' | 'ignore';

/** A rename (kind Moved) as the plan shows it: one line; its writes are among the changes. */
export interface Rename {
  readonly from: string;
  readonly to: string;
  readonly entityType: string;
  /** What the plan does to the old entity ('none': nothing left to do, or --prune-strategy ignore). */
  readonly retire: 'delete' | 'deprecate' | 'none';
}

/** An owned field whose displayed value in DataHub is a UI edit kept in another aspect, not the manifest's value. */
export interface ShadowedField {
  readonly field: string;
  /** The owned aspect the manifest writes the field to. */
  readonly aspect: string;
  /** The editable aspect DataHub shows the field from. */
  readonly shownFrom: string;
  readonly shown: JsonValue;
  /** Who made the edit and when (milliseconds since the epoch), when the catalog records it. */
  readonly actor?: string;
  readonly time?: number;
}

export interface PlanSummary {
  readonly create: number;
  readonly update: number;
  readonly delete: number;
  readonly termsAttached: number;
  readonly termsDetached: number;
  /** Owners, tags and links added and removed. */
  readonly associationsAdded: number;
  readonly associationsRemoved: number;
  /** Term edges, owners, tags and links others added that the manifests now declare: the tool takes them over. */
  readonly claimed: number;
  readonly unchanged: number;
  /** With --base: how many changes the manifests caused, and how many are drift of the live catalog. */
  readonly byOrigin?: { readonly manifest: number; readonly drift: number };
}

/** The git state of the manifests a plan was made from; the provenance each write records (see withProvenance). */
export interface PlanGit {
  /** HEAD of the repository that holds the manifests; null outside any repository. */
  readonly revision: string | null;
  readonly dirty: boolean;
  /**
   * The manifest directory as the changes' `source.file` paths name it (`local`) and as the provenance records it
   * (`recorded`: from the root of the repository, or `.` outside any repository).
   */
  readonly manifestDir: { readonly local: string; readonly recorded: string };
}

/** A policy the declared entity does not satisfy, with the aspects once applied (see docs/policies.md). */
export interface PlanPolicyViolation {
  readonly policy: string;
  readonly policySource: SourceLocation;
  readonly severity: 'error' | 'warning';
  readonly kind: string;
  readonly urn: string;
  /** The entity's name, as on changes (line-names.ts). */
  readonly name?: string;
  readonly source: SourceLocation;
  readonly message: string;
  readonly reason?: string;
}

/** The Settings environment a plan was made for (docs/environments.md). */
export interface PlanEnvironment {
  readonly name: string;
  /** The env (FabricType) the plan's URNs were built with. */
  readonly env: string;
  /** Applying needs --environment <name> and --yes. */
  readonly protect: boolean;
}

export interface Plan {
  readonly formatVersion: typeof PLAN_FORMAT_VERSION;
  readonly tool: { readonly name: 'catalog'; readonly version: string };
  /** The server the plan was made against ("embedded" for the embedded catalog); never a token. */
  readonly target: string;
  /** The environment the plan was made for; absent when none was selected. */
  readonly environment?: PlanEnvironment;
  readonly actor: string;
  readonly git: PlanGit;
  readonly options: { readonly prune: boolean; readonly maxDeletes: number };
  readonly summary: PlanSummary;
  /** In execution order. */
  readonly changes: readonly Change[];
  readonly notes: readonly PlanNote[];
  /**
   * Warnings of the catalog's policies, evaluated with the aspects as they will be once applied (errors stop the
   * run before a plan is shown). Absent when the catalog has no policies; empty when none of them warns.
   */
  readonly policyWarnings?: readonly PlanPolicyViolation[];
  /** Aliases moving between models of a group. */
  readonly aliasMoves?: readonly AliasMove[];
  /** Renames (kind Moved) with something left to do. */
  readonly renames?: readonly Rename[];
  /**
   * What depends on the changes in the catalog (impact.ts), and the graph of the change: the changed entities and
   * their neighbours (change-graph.ts, drawn by the markdown plan), both read from the catalog's relationships when
   * the plan was made. Absent with --no-impact and when the catalog could not answer; the graph also when it would be
   * empty, and when the plan is only printed as text.
   */
  readonly impact?: PlanImpact;
  readonly changeGraph?: ChangeGraph;
  /**
   * A rollback's plan (`catalog rollback`): the run whose writes it undoes. Its writes carry no ownership marker
   * (what they restore may be anyone's). Absent on plans made from the manifests.
   */
  readonly rollbackOf?: string;
}

/**
 * What every change of one aspect carries: its id, the entity, the aspect, the version the plan read (for the
 * stale-plan check and If-Version-Match) and the manifest location that asked for it.
 */
export function aspectChangeBase(
  urn: string,
  entityType: string,
  aspect: string,
  live: LiveEntity | undefined,
  source: SourceLocation | undefined,
): Pick<ChangeBase, 'id' | 'urn' | 'entityType' | 'aspect' | 'versionSeen' | 'source'> {
  return {
    id: `${aspect} ${urn}`,
    urn,
    entityType,
    aspect,
    versionSeen: versionSeen(live, aspect),
    ...(source === undefined ? {} : { source }),
  };
}
