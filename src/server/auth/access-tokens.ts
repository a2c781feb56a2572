/**
 * Personal access tokens as GMS v1.7.0 keeps them (metadata-service/auth-impl StatefulTokenService,
 * StatelessTokenService; datahub-graphql-core resolvers/auth): a JWT carrying the actor, handed out once, and an
 * entity `urn:li:dataHubAccessToken:<salted SHA-256 of the token, base64>` with its `dataHubAccessTokenInfo`
 * (name, actor, owner, created, expires). Only the hash is stored; a token is valid while that entity exists,
 * it has not expired (an expired one is deleted when presented, as GMS deletes it), and its user is active.
 *
 * GMS signs its JWTs with a configured key and also checks the stored hash. Here the stored hash is the whole
 * check, and the token's signature is an HMAC under a key drawn for that one token and dropped: it is the token's
 * 256 bits of secret, and no key exists that could mint another. Which user a token acts for is read from the
 * stored info, never from the token's own (unverified) claims.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { isJsonObject, type JsonObject } from '../../model/json.js';
import type { CatalogService } from '../catalog-service.js';

export const ACCESS_TOKEN_ENTITY = 'dataHubAccessToken';
export const ACCESS_TOKEN_INFO = 'dataHubAccessTokenInfo';
/** TokenClaims' issuer at v1.7.0 (application.yaml authentication.tokenService.issuer). */
const ISSUER = 'datahub-metadata-service';
/**
 * The salt hashed with each token (GMS takes DATAHUB_TOKEN_SERVICE_SALT). Tokens carry 256 random bits, so the
 * salt protects nothing a dictionary could find; it keeps these hashes from matching another server's.
 */
const SALT = 'catalog-embedded-datahub';
/** Longer bearer values are not tokens of this server (and are not hashed). */
const LONGEST_TOKEN = 4096;

const DAY = 24 * 60 * 60 * 1000;
/** AccessTokenUtil.mapDurationToMs; NO_EXPIRY is a token that never expires. */
export const ACCESS_TOKEN_DURATIONS: Readonly<Record<string, number | null>> = {
  ONE_HOUR: 60 * 60 * 1000,
  ONE_DAY: DAY,
  ONE_WEEK: 7 * DAY,
  ONE_MONTH: 30 * DAY,
  THREE_MONTHS: 90 * DAY,
  SIX_MONTHS: 180 * DAY,
  ONE_YEAR: 365 * DAY,
  NO_EXPIRY: null,
};

export interface NewAccessToken {
  readonly type: 'PERSONAL' | 'SERVICE_ACCOUNT';
  /** The user the token acts as (urn:li:corpuser:…). */
  readonly actorUrn: string;
  readonly duration: string;
  readonly name: string;
  readonly description?: string | null;
}

export interface MintedToken {
  /** The token itself: shown once to whoever asked, never stored, logged or printed by the catalog. */
  readonly accessToken: string;
  /** urn:li:dataHubAccessToken:<id>; the id is what revokeAccessToken takes. */
  readonly urn: string;
}

export class AccessTokens {
  constructor(private readonly service: CatalogService) {}

  /** StatefulTokenService.generateAccessToken: mints a token for `actorUrn`, owned by `ownerUrn`. */
  create(request: NewAccessToken, ownerUrn: string): MintedToken {
    const expiresIn = ACCESS_TOKEN_DURATIONS[request.duration];
    if (expiresIn === undefined) throw new Error(`Unrecognized access token duration ${request.duration} provided`); // prettier-ignore
    const actorId = corpuserId(request.actorUrn);
    const now = this.service.now();
    const claims: JsonObject = {
      actorType: 'USER',
      actorId,
      type: request.type,
      version: '2',
      jti: randomUUID(),
      sub: actorId,
      ...(expiresIn === null ? {} : { exp: Math.floor((now + expiresIn) / 1000) }),
      iss: ISSUER,
    };
    const accessToken = signOnce(claims);
    const urn = tokenUrn(hashToken(accessToken));
    const info: JsonObject = {
      name: request.name,
      actorUrn: `urn:li:corpuser:${actorId}`,
      ownerUrn: ownerUrn,
      createdAt: now,
      ...(expiresIn === null ? {} : { expiresAt: now + expiresIn }),
      ...(request.description === undefined || request.description === null
        ? {}
        : { description: request.description }),
    };
    this.service.ingest(
      [{ entityType: ACCESS_TOKEN_ENTITY, entityUrn: urn, changeType: 'UPSERT', aspectName: ACCESS_TOKEN_INFO, aspect: info }], // prettier-ignore
      ownerUrn,
    );
    return { accessToken, urn };
  }

  /**
   * The user a presented token acts for, or undefined when it is not a live token of this catalog (unknown,
   * revoked, expired, or its user suspended or removed). An expired token is deleted, as GMS deletes it.
   */
  authenticate(token: string): string | undefined {
    if (token.length === 0 || token.length > LONGEST_TOKEN) return undefined;
    const urn = tokenUrn(hashToken(token));
    const info = this.service.latest(urn, ACCESS_TOKEN_INFO);
    if (info === undefined) return undefined;
    const expiresAt = info['expiresAt'];
    if (typeof expiresAt === 'number' && expiresAt <= this.service.now()) {
      this.service.deleteEntity(urn, { references: false });
      return undefined;
    }
    const actor = info['actorUrn'];
    if (typeof actor !== 'string' || !this.isActive(actor)) return undefined;
    return actor;
  }

  /** The stored info of a token by its id, undefined when there is no such token. */
  info(id: string): JsonObject | undefined {
    return this.service.latest(tokenUrn(id), ACCESS_TOKEN_INFO);
  }

  /** StatefulTokenService.revokeAccessToken: deletes the token's entity; false when it no longer exists. */
  revoke(id: string): boolean {
    const urn = tokenUrn(id);
    if (this.service.latest(urn, ACCESS_TOKEN_INFO) === undefined) return false;
    this.service.deleteEntity(urn, { references: false });
    return true;
  }

  /** Every stored token's URN and info, newest expiry first (ListAccessTokensResolver sorts on expiresAt). */
  list(): { readonly urn: string; readonly info: JsonObject }[] {
    const { urns } = this.service.listUrns(ACCESS_TOKEN_ENTITY, 0, 100_000);
    const tokens = urns.flatMap((urn) => {
      const info = this.service.latest(urn, ACCESS_TOKEN_INFO);
      return info === undefined ? [] : [{ urn, info }];
    });
    const expiry = (info: JsonObject) =>
      typeof info['expiresAt'] === 'number' ? info['expiresAt'] : Infinity;
    return tokens.sort((a, b) => expiry(b.info) - expiry(a.info) || a.urn.localeCompare(b.urn));
  }

  /** ActorContext.isActive: the user is neither removed nor suspended. */
  private isActive(actor: string): boolean {
    if (this.service.latest(actor, 'status')?.['removed'] === true) return false;
    return this.service.latest(actor, 'corpUserStatus')?.['status'] !== 'SUSPENDED';
  }
}

/** StatefulTokenService.hash: SHA-256 of the token and the salt, base64. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').update(SALT, 'utf8').digest('base64');
}

export function tokenUrn(id: string): string {
  return `urn:li:${ACCESS_TOKEN_ENTITY}:${id}`;
}

function corpuserId(actorUrn: string): string {
  const prefix = 'urn:li:corpuser:';
  if (!actorUrn.startsWith(prefix) || actorUrn.length === prefix.length)
    throw new Error(`Invalid urn ${actorUrn}: not a corpuser`);
  return actorUrn.slice(prefix.length);
}

/** header.payload.signature in JWS compact form (HS256), signed under a key used for this token only. */
function signOnce(claims: JsonObject): string {
  const encode = (value: JsonObject) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
  const signingInput = `${encode({ alg: 'HS256' })}.${encode(claims)}`;
  const signature = createHmac('sha256', randomBytes(32)).update(signingInput).digest('base64url');
  return `${signingInput}.${signature}`;
}

/** The claims of a token, for tests and for the app's token page (never trusted for who the token is). */
export function readClaims(token: string): JsonObject | undefined {
  const payload = token.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return isJsonObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
