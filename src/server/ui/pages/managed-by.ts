/**
 * Whether this tool manages an entity, read from the systemMetadata properties the reconciler writes with every
 * aspect (managedBy, manifest, gitRevision, actor), and the banner an entity page shows for it.
 */
import { str, writerProperties, type Node } from '../catalog-reader.js';
import { html, type Html } from '../html.js';
import { facts, formatTime } from './page-parts.js';

/** What the reconciler records with every aspect it writes (systemMetadata.properties). */
export interface ManagedBy {
  readonly aspect: string;
  readonly when: number;
  readonly manifest: string | undefined;
  readonly gitRevision: string | undefined;
  readonly actor: string | undefined;
}

/**
 * The latest write of the reconciler, with the revision it recorded: its newest marked aspect, preferring the
 * aspects it owns over the status and key aspects that travel with it. The manifest line is the one that
 * declares the entity: the one recorded with its properties aspect (`…Info`, `…Properties`), else with its status
 * (written with a new entity from its declaration: a term created through GraphQL carries no marker of its own);
 * another aspect records the line of its own field (a term's `relatedTerms:`, say).
 */
export function managedBy(versions: readonly Node[]): ManagedBy | undefined {
  let found: ManagedBy | undefined;
  let foundRank = -1;
  let declared: { manifest: string; when: number; rank: number } | undefined;
  for (const version of versions) {
    if (version['version'] !== 0) continue;
    const properties = writerProperties(version);
    if (properties?.['managedBy'] !== 'catalog') continue;
    const when = typeof version['createdOn'] === 'number' ? version['createdOn'] : 0;
    const aspect = str(version['aspectName']) ?? '';
    const manifest = str(properties['manifest']);
    const declares = /(Info|Properties)$/.test(aspect) ? 2 : aspect === 'status' ? 1 : 0;
    if (
      manifest !== undefined &&
      declares > 0 &&
      (declared === undefined ||
        declared.rank < declares ||
        (declared.rank === declares && declared.when < when))
    ) {
      declared = { manifest, when, rank: declares };
    }
    const rank = aspect.endsWith('Key') ? 0 : aspect === 'status' ? 1 : 2;
    if (found !== undefined && (foundRank > rank || (foundRank === rank && found.when >= when))) continue;
    foundRank = rank;
    found = {
      aspect,
      when,
      manifest,
      gitRevision: str(properties['gitRevision']),
      actor: str(properties['actor']),
    };
  }
  return found === undefined || declared === undefined ? found : { ...found, manifest: declared.manifest };
}

export function managedBanner(managed: ManagedBy): Html {
  // On a dataset the tool owns only the term attachments it made, not the dataset.
  const edgesOnly = managed.aspect === 'glossaryTerms' || managed.aspect === 'editableSchemaMetadata';
  return html`<div class="banner managed" role="note">
    <p>
      <strong>${edgesOnly ? 'Term attachments managed by catalog.' : 'Managed by catalog.'}</strong>
      ${
        edgesOnly
          ? 'The glossary terms this tool attached are reviewed as manifests in git; other attachments are left alone.'
          : 'Changes here are reviewed as manifests in git; edit the manifest, not this page.'
      }
    </p>
    ${facts([
      ['Manifest', managed.manifest === undefined ? undefined : html`<code>${managed.manifest}</code>`],
      [
        'Git revision',
        managed.gitRevision === undefined ? undefined : html`<code>${managed.gitRevision}</code>`,
      ],
      ['Written', `${formatTime(managed.when)}${managed.actor === undefined ? '' : ` as ${managed.actor}`}`],
    ])}
  </div>`;
}
