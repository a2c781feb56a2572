/**
 * Rest.li protocol 2.0 details the embedded catalog answers like GMS: the error body, the `List(...)` query
 * parameter syntax, and query tunnelling (a long GET sent as a POST with `X-HTTP-Method-Override: GET`).
 */
import type { ServerResponse } from 'node:http';
import { stringifyWithRaw } from '../raw-json.js';

export const RESTLI_HEADERS = {
  'Content-Type': 'application/json',
  'X-RestLi-Protocol-Version': '2.0.0',
} as const;

/** GMS's error body for any non-2xx from a Rest.li resource: message, status, exceptionClass, stackTrace. */
export function sendRestliError(response: ServerResponse, status: number, message: string): void {
  const body = {
    exceptionClass: 'com.linkedin.restli.server.RestLiServiceException',
    stackTrace: `com.linkedin.restli.server.RestLiServiceException [HTTP Status:${status}]: ${message}`,
    message,
    status,
  };
  sendJson(response, status, body, { 'X-RestLi-Error-Response': 'true' });
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const text = stringifyWithRaw(body);
  response.writeHead(status, { ...RESTLI_HEADERS, 'Content-Length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

/**
 * Splits a raw (still percent-encoded) query string into parameters. Values are decoded here, except that
 * `List(...)` values are split on their top-level commas first and each item decoded (Rest.li 2.0 encodes the
 * commas and parentheses inside items, not the list's own).
 */
export function parseRestliQuery(rawQuery: string): Map<string, string | string[]> {
  const params = new Map<string, string | string[]>();
  for (const pair of rawQuery.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const key = decode(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? '' : pair.slice(equals + 1);
    params.set(
      key,
      value.startsWith('List(') && value.endsWith(')') ? splitList(value.slice(5, -1)) : decode(value),
    );
  }
  return params;
}

function splitList(inner: string): string[] {
  if (inner === '') return [];
  return inner.split(',').map(decode);
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** A query parameter as a list: `List(a,b)` gives both items; a plain value (or a repeated one) gives itself. */
export function listParam(params: Map<string, string | string[]>, name: string): string[] | undefined {
  const value = params.get(name);
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value : value.split(',').filter((item) => item !== '');
}

export function stringParam(params: Map<string, string | string[]>, name: string): string | undefined {
  const value = params.get(name);
  return Array.isArray(value) ? value.join(',') : value;
}
