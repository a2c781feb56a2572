import pLimit, { type LimitFunction } from 'p-limit';
import { Agent, request, type Dispatcher } from 'undici';
import { CatalogError } from '../errors.js';

/** Retry behaviour, after DataHub's Python emitter (4 retries on 429/500/502/503/504, exponential backoff). */
export interface RetryPolicy {
  readonly maxRetries: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** Total time spent waiting between attempts of one request, at most. */
  readonly maxTotalDelayMs: number;
  /**
   * A server that has not answered once yet and cannot be reached (connection refused, a host name that does not
   * resolve): tried this many times more, `unreachableDelayMs` apart, then reported. A wrong URL or a server that
   * is down is the usual cause, which waiting does not cure; the full policy is for a server that answered
   * before (a GMS restarting in the middle of an apply). Default 2.
   */
  readonly unreachableRetries?: number;
  /** Default 250 ms. */
  readonly unreachableDelayMs?: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxRetries: 4,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxTotalDelayMs: 120_000,
  unreachableRetries: 2,
  unreachableDelayMs: 250,
};

/**
 * What a failure that no retry cures tells the user to do; the caller knows where the URL and the token came
 * from (client/target.ts failureHintsOf). The defaults name DATAHUB_GMS_TOKEN and nothing about the URL.
 */
export interface FailureHints {
  /** After "<server> answered 401" or "403": what is wrong with the credentials, and what to do. */
  auth(status: 401 | 403): string;
  /** After "cannot reach <server>: <why>": where its URL came from, to check. */
  readonly unreachable?: string;
}

export const DEFAULT_HINTS: FailureHints = {
  auth: (status) =>
    status === 401
      ? 'no valid token: set DATAHUB_GMS_TOKEN or add one to ~/.datahubenv'
      : 'the token is valid but not allowed to do this',
};
export const RETRIED_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);
/** A hostile or broken server must not make the client buffer without bound. */
export const MAX_RESPONSE_BYTES = 256 * 1024 * 1024;

export interface HttpClientOptions {
  readonly token?: string;
  /** Per attempt. DataHub's emitter uses 30 s. */
  readonly timeoutMs?: number;
  readonly retry?: RetryPolicy;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
  /** The clock the shared pause is measured with (tests pass a fake one with a fake sleep). */
  readonly now?: () => number;
  readonly onRetry?: (event: RetryEvent) => void;
  readonly dispatcher?: Dispatcher;
  readonly userAgent?: string;
  /** Requests in flight at most (callers issue many at once; the client keeps this many on the wire). */
  readonly parallelism?: number;
  /** What an authentication or connection failure tells the user to do (DEFAULT_HINTS). */
  readonly hints?: FailureHints;
}

/** Requests in flight by default: what the benchmark shows GMS (and the embedded catalog) serve best. */
export const DEFAULT_PARALLELISM = 4;
export const MAX_PARALLELISM = 64;

export function isValidParallelism(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_PARALLELISM;
}

export interface RetryEvent {
  readonly method: string;
  readonly url: string;
  readonly attempt: number;
  readonly delayMs: number;
  readonly reason: string;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
}

export interface RequestOptions {
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * The body, or a function that makes it: called once the request has its place among the `parallelism` in
   * flight, so that a phase of many batches does not hold every serialized body in memory at once.
   */
  readonly body?: string | (() => string);
}

/** A request's options once it is sent: its body made. */
interface SendOptions {
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

/**
 * HTTP with a keep-alive connection pool per origin, a timeout per attempt, and retries with exponential
 * backoff and jitter on 429, 5xx and connection errors, honouring Retry-After, within a bounded total wait.
 * POSTs are retried too (as DataHub's emitter does): the writes this tool sends are idempotent or conditional.
 * The token goes into the Authorization header and nowhere else (never into an error or a log line).
 *
 * What no retry cures fails at once, with one message: a 401 or 403 (the credentials), and a server never reached
 * after a brief try (the URL). After a 401 every request, queued or later, fails with the same error without being
 * sent; after `close` none is retried (the first failure is the one reported).
 */
export class HttpClient {
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;
  private readonly retry: RetryPolicy;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  /**
   * When the server last asked for a pause (429 or 5xx with Retry-After, or backoff after a failure), every
   * request waits until then: with several requests in flight, one server complaint slows them all, not one.
   */
  private pausedUntil = 0;
  private readonly now: () => number;
  private readonly limit: LimitFunction;
  private readonly hints: FailureHints;
  /** Origins that have answered at least once: a connection error there is retried in full. */
  private readonly reached = new Set<string>();
  /** The authentication failure (401) every request fails with, once one met it. */
  private refused: CatalogError | undefined;
  /** Set by close: nothing is sent or retried after, and sleeps end. */
  private readonly closing = new AbortController();
  /** How many requests are in flight at most. */
  readonly parallelism: number;

  constructor(private readonly options: HttpClientOptions = {}) {
    this.ownsDispatcher = options.dispatcher === undefined;
    this.dispatcher =
      options.dispatcher ?? new Agent({ connections: 16, keepAliveTimeout: 10_000, pipelining: 1 });
    this.retry = options.retry ?? DEFAULT_RETRY;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.random = options.random ?? Math.random;
    this.hints = options.hints ?? DEFAULT_HINTS;
    this.now = options.now ?? Date.now;
    const parallelism = options.parallelism ?? DEFAULT_PARALLELISM;
    if (!isValidParallelism(parallelism)) {
      throw new CatalogError(
        'USAGE',
        `parallelism must be an integer from 1 to ${MAX_PARALLELISM}, got ${parallelism}`,
      );
    }
    this.parallelism = parallelism;
    this.limit = pLimit(parallelism);
  }

  /** Sends a request when one of the `parallelism` places is free; retries hold their place while they wait. */
  request(method: string, url: string, options: RequestOptions = {}): Promise<HttpResponse> {
    return this.limit(() => {
      const { headers, body } = options;
      return this.send(method, url, {
        ...(headers === undefined ? {} : { headers }),
        ...(body === undefined ? {} : { body: typeof body === 'function' ? body() : body }),
      });
    });
  }

  private async send(method: string, url: string, options: SendOptions): Promise<HttpResponse> {
    let waited = 0;
    let sleptUntil = 0;
    const origin = originOf(url);
    for (let attempt = 0; ; attempt += 1) {
      this.checkUsable(method, url);
      // Another request's failure paused the client after this one last slept: wait out the rest.
      if (this.pausedUntil > sleptUntil) {
        const pause = this.pausedUntil - this.now();
        if (pause > 0) await this.pause(pause);
        sleptUntil = this.pausedUntil;
        this.checkUsable(method, url);
      }
      let failure: { reason: string; retryAfterMs?: number; error?: unknown };
      try {
        const response = await this.attempt(method, url, options);
        this.reached.add(origin);
        // Not retried: no wait changes the credentials. A 401 (who the caller is) holds for every request; a 403
        // (what it may do) is this request's, since DataHub's policies may allow the caller other entities.
        if (response.status === 401) throw (this.refused ??= this.authError(401, method, url));
        if (response.status === 403) throw this.authError(403, method, url);
        if (!RETRIED_STATUSES.has(response.status)) return response;
        const retryAfterMs = parseRetryAfter(response.headers['retry-after']);
        failure = {
          reason: `HTTP ${response.status}`,
          ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        };
        if (attempt >= this.retry.maxRetries) return response;
      } catch (error) {
        if (error instanceof CatalogError) throw error;
        this.checkUsable(method, url);
        const unreachable = this.reached.has(origin) ? undefined : unreachableReason(error, url);
        if (unreachable !== undefined) {
          // Never answered: a wrong URL or a server that is down. Tried briefly and quietly, then said plainly.
          if (unreachable.retry && attempt < (this.retry.unreachableRetries ?? 2)) {
            await this.pause(this.retry.unreachableDelayMs ?? 250);
            continue;
          }
          const check = this.hints.unreachable === undefined ? '' : `; ${this.hints.unreachable}`;
          throw new CatalogError('NETWORK_ERROR', `cannot reach ${origin}: ${unreachable.why}${check}`, {
            cause: error,
          });
        }
        failure = { reason: describeNetworkError(error), error };
        if (attempt >= this.retry.maxRetries) {
          throw new CatalogError(
            'NETWORK_ERROR',
            `${method} ${safeUrl(url)} failed after ${attempt + 1} attempts: ${failure.reason}`,
            { cause: error },
          );
        }
      }
      const delayMs = failure.retryAfterMs ?? this.backoff(attempt);
      if (waited + delayMs > this.retry.maxTotalDelayMs) {
        throw new CatalogError(
          failure.error === undefined ? 'HTTP_ERROR' : 'NETWORK_ERROR',
          `${method} ${safeUrl(url)} kept failing (${failure.reason}); giving up after waiting ${Math.round(waited / 1000)}s` +
            (failure.retryAfterMs === undefined
              ? ''
              : ` (the server asked to wait ${Math.round(delayMs / 1000)}s more)`),
        );
      }
      this.options.onRetry?.({
        method,
        url: safeUrl(url),
        attempt: attempt + 1,
        delayMs,
        reason: failure.reason,
      });
      waited += delayMs;
      this.pausedUntil = Math.max(this.pausedUntil, this.now() + delayMs);
      sleptUntil = this.pausedUntil;
      await this.pause(delayMs);
    }
  }

  /** Throws what every request now fails with: the authentication failure met, or the client closed. */
  private checkUsable(method: string, url: string): void {
    if (this.refused !== undefined) throw this.refused;
    if (this.closing.signal.aborted) {
      throw new CatalogError('NETWORK_ERROR', `${method} ${safeUrl(url)} was not sent: the client is closed`);
    }
  }

  /** Sleeps, or less: close ends every sleep at once (a request waiting to retry is then dropped). */
  private pause(ms: number): Promise<void> {
    const { signal } = this.closing;
    if (signal.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = (): void => {
        signal.removeEventListener('abort', done);
        resolve();
      };
      signal.addEventListener('abort', done);
      this.sleep(ms).then(done, done);
    });
  }

  private authError(status: 401 | 403, method: string, url: string): CatalogError {
    const what = status === 401 ? '401 Unauthorized' : `403 Forbidden to ${method} ${new URL(url).pathname}`;
    return new CatalogError('AUTH_FAILED', `${originOf(url)} answered ${what}: ${this.hints.auth(status)}`);
  }

  /** Exponential backoff with "equal jitter": half the capped delay, plus a random part of the other half. */
  private backoff(attempt: number): number {
    const cap = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** attempt);
    return Math.round(cap / 2 + this.random() * (cap / 2));
  }

  private async attempt(method: string, url: string, options: SendOptions): Promise<HttpResponse> {
    const headers: Record<string, string> = {
      'User-Agent': this.options.userAgent ?? 'catalog',
      ...options.headers,
    };
    if (this.options.token !== undefined && this.options.token !== '') {
      headers['Authorization'] = `Bearer ${this.options.token}`;
    }
    const timeoutMs = this.options.timeoutMs ?? 30_000;
    const response = await request(url, {
      method: method,
      headers,
      ...(options.body === undefined ? {} : { body: options.body }),
      dispatcher: this.dispatcher,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > MAX_RESPONSE_BYTES) {
      response.body.destroy();
      throw new CatalogError(
        'BAD_RESPONSE',
        `${method} ${safeUrl(url)} answered ${declared} bytes, over the limit`,
      );
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > MAX_RESPONSE_BYTES) {
        response.body.destroy();
        throw new CatalogError(
          'BAD_RESPONSE',
          `${method} ${safeUrl(url)} answered more than ${MAX_RESPONSE_BYTES} bytes`,
        );
      }
      chunks.push(buffer);
    }
    return {
      status: response.statusCode,
      headers: response.headers,
      text: Buffer.concat(chunks).toString('utf8'),
    };
  }

  async close(): Promise<void> {
    this.closing.abort();
    if (this.ownsDispatcher) await this.dispatcher.close();
  }
}

/** Retry-After is seconds or an HTTP date. */
export function parseRetryAfter(
  value: string | string[] | undefined,
  now: number = Date.now(),
): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text.trim())) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The URL without query string or credentials: enough to say what failed, nothing secret. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.split('?')[0] ?? url;
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return safeUrl(url);
  }
}

/**
 * Why a server was not reached at all, for the errors that say so; `retry`: whether a moment may cure it (a
 * connection that timed out has already waited its time). Undefined for other failures (a reset, a timeout
 * waiting for an answer), which the full policy retries.
 */
function unreachableReason(error: unknown, url: string): { why: string; retry: boolean } | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  const host = new URL(url).hostname;
  switch (code) {
    case 'ECONNREFUSED':
      return { why: 'connection refused (nothing listens there)', retry: true };
    case 'ENOTFOUND':
      return { why: `the host name ${host} does not resolve`, retry: true };
    case 'EAI_AGAIN':
      return { why: `the host name ${host} could not be resolved (no answer from DNS)`, retry: true };
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return { why: `no route to ${host}`, retry: true };
    case 'UND_ERR_CONNECT_TIMEOUT':
      return { why: 'the connection timed out', retry: false };
    default:
      return undefined;
  }
}

function describeNetworkError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as Error & { code?: string }).code;
    return code === undefined ? error.message : `${code}: ${error.message}`;
  }
  return String(error);
}
