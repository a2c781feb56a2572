/**
 * DataHub GMS's Rest.li protocol as a client: ingestProposal(Batch) writes, /aspects and /entitiesV2 reads
 * (batched), and the /entities actions listUrns and exists. ../shared/reference/datahub-wire.md, sections 1-2.
 */
import { CatalogError } from '../errors.js';
import { isJsonObject, parseJson, stringOr, type JsonObject } from '../model/json.js';
import { toWireProposal, type Proposal } from '../model/proposal.js';
import type { LiveAspect } from '../model/live-state.js';
import { fqnOfAspect } from '../model/registry.js';
import { urlEncodeUrn } from '../model/urn.js';
import type { HttpClient, HttpResponse } from './http-client.js';

/** DataHub's emitter limits: at most 200 proposals and 15 MiB per ingestProposalBatch request. */
export const MAX_PROPOSALS_PER_BATCH = 200;
export const MAX_BATCH_BYTES = 15 * 1024 * 1024;
/** URNs per batch_get request; long queries are tunnelled through a POST, so URL length is no limit. */
export const MAX_URNS_PER_BATCH_GET = 1000;
/** Rest.li clients tunnel a GET through POST when the URL would be longer than this. */
const TUNNEL_THRESHOLD = 4096;

const RESTLI_HEADERS = { 'X-RestLi-Protocol-Version': '2.0.0', 'Content-Type': 'application/json' } as const;

/** The aspects of one entity that a batch read returned, by aspect name. */
export type LiveEntity = ReadonlyMap<string, LiveAspect>;

export class RestliClient {
  constructor(
    private readonly http: HttpClient,
    private readonly gmsUrl: string,
  ) {}

  /** The first successful /config answer: planning and applying in one run ask once. */
  private configAnswer: JsonObject | undefined;

  /** GET /config; refuses a URL that is not GMS (DataHub's frontend answers without "noCode": "true"). */
  async config(): Promise<JsonObject> {
    if (this.configAnswer !== undefined) return this.configAnswer;
    const response = await this.http.request('GET', `${this.gmsUrl}/config`, { headers: RESTLI_HEADERS });
    const body = this.json(response, 'GET /config');
    if (!isJsonObject(body) || body['noCode'] !== 'true') {
      throw new CatalogError(
        'BAD_RESPONSE',
        `${this.gmsUrl} does not look like DataHub GMS (its /config has no "noCode": "true"); point --server at GMS, e.g. http://localhost:8080, not at the frontend`,
      );
    }
    this.configAnswer = body;
    return body;
  }

  /** One ingestProposalBatch request (callers chunk with chunkProposals). */
  async ingestBatch(proposals: readonly Proposal[]): Promise<void> {
    const response = await this.http.request('POST', `${this.gmsUrl}/aspects?action=ingestProposalBatch`, {
      headers: RESTLI_HEADERS,
      // JSON.stringify({proposals, async: 'false'}), from each proposal's JSON made when it was chunked.
      body: () => `{"proposals":[${proposals.map(wireJson).join(',')}],"async":"false"}`,
    });
    for (const proposal of proposals) wireJsonOf.delete(proposal);
    this.json(response, `ingestProposalBatch of ${describeProposals(proposals)}`);
  }

  /** GET /aspects/<urn>?aspect=&version=; undefined when the aspect (or the entity) does not exist. */
  async getAspect(urn: string, aspect: string, version = 0): Promise<JsonObject | undefined> {
    const url = `${this.gmsUrl}/aspects/${urlEncodeUrn(urn)}?aspect=${encodeURIComponent(aspect)}&version=${version}`;
    const response = await this.http.request('GET', url, { headers: RESTLI_HEADERS });
    if (response.status === 404) return undefined;
    const body = this.json(response, `reading ${aspect} of ${urn}`);
    const value =
      isJsonObject(body) && isJsonObject(body['aspect'])
        ? body['aspect'][fqnOfAspect(aspect) ?? aspect]
        : undefined;
    if (!isJsonObject(value))
      throw this.badResponse(`reading ${aspect} of ${urn}`, 'no aspect value in the answer');
    return value;
  }

  /**
   * Reads the given aspects of many entities of one type, in as few batch_get requests as the batch size
   * allows. Entities that do not exist come back with their synthesized key aspect only (as GMS answers).
   * `keep` makes what is kept of each aspect as its answer is read (a plan keeps less than the catalog sends:
   * read-live-state.ts planView), so the whole answers are never all held at once.
   */
  async batchGet(
    urns: readonly string[],
    aspects: readonly string[],
    keep?: (name: string, aspect: LiveAspect) => LiveAspect,
    /** Told the number of URNs of each request answered (progress). */
    onChunk?: (count: number) => void,
  ): Promise<Map<string, LiveEntity>> {
    const chunks: (readonly string[])[] = [];
    for (let start = 0; start < urns.length; start += MAX_URNS_PER_BATCH_GET) {
      chunks.push(urns.slice(start, start + MAX_URNS_PER_BATCH_GET));
    }
    // Every chunk is asked for at once; the HTTP client keeps `parallelism` of them on the wire.
    const answers = await Promise.all(
      chunks.map(async (chunk) => {
        const answer = await this.batchGetChunk(chunk, aspects, keep);
        onChunk?.(chunk.length);
        return answer;
      }),
    );
    return new Map(answers.flatMap((answer) => [...answer]));
  }

  private async batchGetChunk(
    chunk: readonly string[],
    aspects: readonly string[],
    keep: ((name: string, aspect: LiveAspect) => LiveAspect) | undefined,
  ): Promise<Map<string, LiveEntity>> {
    const result = new Map<string, LiveEntity>();
    const query = `ids=List(${chunk.map(urlEncodeUrn).join(',')})&aspects=List(${aspects.map(encodeURIComponent).join(',')})`;
    const response = await this.get(`${this.gmsUrl}/entitiesV2`, query, { 'X-RestLi-Method': 'batch_get' });
    const body = this.json(response, `batch read of ${chunk.length} entities`);
    const results = isJsonObject(body) ? body['results'] : undefined;
    if (!isJsonObject(results)) throw this.badResponse('batch read', 'no "results" in the answer');
    for (const [urn, entity] of Object.entries(results)) {
      const aspectsOf = isJsonObject(entity) && isJsonObject(entity['aspects']) ? entity['aspects'] : {};
      const live = new Map<string, LiveAspect>();
      for (const [name, enveloped] of Object.entries(aspectsOf)) {
        if (!isJsonObject(enveloped) || !isJsonObject(enveloped['value'])) continue;
        const systemMetadata = isJsonObject(enveloped['systemMetadata'])
          ? enveloped['systemMetadata']
          : undefined;
        const version =
          systemMetadata === undefined ? undefined : stringOr(systemMetadata['version'], '') || undefined;
        const aspect: LiveAspect = {
          value: enveloped['value'],
          ...(version === undefined ? {} : { version }),
          ...(systemMetadata === undefined ? {} : { systemMetadata }),
          ...(isJsonObject(enveloped['created']) ? { created: enveloped['created'] } : {}),
        };
        live.set(name, keep === undefined ? aspect : keep(name, aspect));
      }
      result.set(urn, live);
    }
    return result;
  }

  /** GET /entitiesV2/<urn>?aspects=List(...): the stored aspects of one entity (and its key aspect). */
  async getEntity(urn: string, aspects: readonly string[]): Promise<LiveEntity> {
    const entities = await this.batchGet([urn], aspects);
    return entities.get(urn) ?? new Map();
  }

  /** POST /entities?action=listUrns: every URN of an entity type, page by page, sorted. */
  async listUrns(entityType: string, pageSize = 1000): Promise<string[]> {
    const urns: string[] = [];
    for (let start = 0; ; start += pageSize) {
      const response = await this.http.request('POST', `${this.gmsUrl}/entities?action=listUrns`, {
        headers: RESTLI_HEADERS,
        body: JSON.stringify({ entity: entityType, start, count: pageSize }),
      });
      const body = this.json(response, `listing ${entityType} URNs`);
      const value = isJsonObject(body) ? body['value'] : undefined;
      const entities = isJsonObject(value) ? value['entities'] : undefined;
      if (!Array.isArray(entities))
        throw this.badResponse(`listing ${entityType} URNs`, 'no entities in the answer');
      urns.push(...entities.filter((urn): urn is string => typeof urn === 'string'));
      const total = isJsonObject(value) && typeof value['total'] === 'number' ? value['total'] : 0;
      if (entities.length < pageSize || urns.length >= total) return urns;
    }
  }

  /**
   * POST /runs?action=<action>: GMS's runs resource (BatchIngestionRunResource), as DataHub's CLI calls it
   * (ingest_cli.py list-runs, show, rollback); answers the action's `value`.
   */
  async runsAction(action: 'list' | 'describe', body: JsonObject): Promise<unknown> {
    const response = await this.http.request('POST', `${this.gmsUrl}/runs?action=${action}`, {
      headers: RESTLI_HEADERS,
      body: JSON.stringify(body),
    });
    const answer = this.json(response, `the runs ${action}`);
    return isJsonObject(answer) ? answer['value'] : undefined;
  }

  /** GET, tunnelled through POST when the URL would be too long (as Rest.li's own client does). */
  private async get(url: string, query: string, headers: Record<string, string>): Promise<HttpResponse> {
    if (url.length + query.length + 1 <= TUNNEL_THRESHOLD) {
      return this.http.request('GET', `${url}?${query}`, { headers: { ...RESTLI_HEADERS, ...headers } });
    }
    return this.http.request('POST', url, {
      headers: {
        ...RESTLI_HEADERS,
        ...headers,
        'X-HTTP-Method-Override': 'GET',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: query,
    });
  }

  /** Parses a 2xx JSON answer; any other answer becomes an error naming what was being done. */
  private json(response: HttpResponse, what: string): unknown {
    if (response.status < 200 || response.status >= 300) throw restliError(response, what, this.gmsUrl);
    const parsed = parseJson(response.text === '' ? '{}' : response.text);
    if (!parsed.ok) throw this.badResponse(what, `invalid JSON (${parsed.error})`);
    return parsed.value;
  }

  private badResponse(what: string, problem: string): CatalogError {
    return new CatalogError('BAD_RESPONSE', `${this.gmsUrl} answered ${what} with ${problem}`);
  }
}

/** An HTTP error from GMS, with its Rest.li message (the stack trace is dropped, as DataHub's emitter does). */
export class RestliError extends CatalogError {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    message: string,
  ) {
    super(status === 401 || status === 403 ? 'AUTH_FAILED' : 'HTTP_ERROR', message);
  }
}

function restliError(response: HttpResponse, what: string, gmsUrl: string): RestliError {
  const parsed = parseJson(response.text);
  const serverMessage =
    parsed.ok && isJsonObject(parsed.value) && typeof parsed.value['message'] === 'string'
      ? parsed.value['message']
      : response.text.slice(0, 500);
  // 401 and 403 never come here: the HTTP client fails on them with what to do about the token.
  let hint = '';
  if (serverMessage.includes('unrecognized field found but not allowed'))
    hint = ' (the server version is too old for this request)';
  return new RestliError(
    response.status,
    serverMessage,
    `${what} failed: ${gmsUrl} answered ${response.status}${serverMessage === '' ? '' : `: ${serverMessage}`}${hint}`,
  );
}

/** "mlFeatureProperties of urn:li:mlFeature:(a,b)" or "12 aspects (first: …)". */
export function describeProposals(proposals: readonly Proposal[]): string {
  const first = proposals[0];
  if (first === undefined) return 'no aspects';
  const one = `${first.aspectName} of ${first.entityUrn}`;
  return proposals.length === 1 ? one : `${proposals.length} aspects (first: ${one})`;
}

/**
 * Each proposal's wire JSON, made once: chunking measures it and the request sends it (making it twice, the
 * aspect serialized and then escaped as a string each time, was a tenth of a large converge's CPU time). An
 * entry goes when its request has been answered, or with its proposal.
 */
const wireJsonOf = new WeakMap<Proposal, string>();

function wireJson(proposal: Proposal): string {
  let json = wireJsonOf.get(proposal);
  if (json === undefined) {
    json = JSON.stringify(toWireProposal(proposal));
    wireJsonOf.set(proposal, json);
  }
  return json;
}

/**
 * Splits proposals into ingestProposalBatch requests the way DataHub's emitter does: a new chunk when the next
 * proposal would pass 15 MiB or the chunk has 200; a single oversize proposal still goes alone.
 */
export function chunkProposals(
  proposals: Iterable<Proposal>,
  limits?: { readonly maxCount: number; readonly maxBytes: number },
): Proposal[][] {
  return [...proposalChunks(proposals, limits)];
}

/** chunkProposals as the proposals come (made one at a time by the caller). */
export function proposalChunks(
  proposals: Iterable<Proposal>,
  limits: { readonly maxCount: number; readonly maxBytes: number } = {
    maxCount: MAX_PROPOSALS_PER_BATCH,
    maxBytes: MAX_BATCH_BYTES,
  },
): Generator<Proposal[]> {
  return chunksBySize(proposals, (proposal) => Buffer.byteLength(wireJson(proposal)), limits);
}

/**
 * Splits items into chunks of at most `maxCount` items and about `maxBytes`: a new chunk when the next item would
 * pass `maxBytes` or the chunk has `maxCount`; an oversize item goes alone. Each chunk is yielded once the next
 * item would not fit in it (or at the end).
 */
function* chunksBySize<T>(
  items: Iterable<T>,
  bytes: (item: T) => number,
  limits: { readonly maxCount: number; readonly maxBytes: number },
): Generator<T[]> {
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    const itemBytes = bytes(item);
    if (current.length > 0 && (size + itemBytes > limits.maxBytes || current.length >= limits.maxCount)) {
      yield current;
      current = [];
      size = 0;
    }
    current.push(item);
    size += itemBytes;
  }
  if (current.length > 0) yield current;
}
