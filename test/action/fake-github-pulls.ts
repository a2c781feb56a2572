import { execFileSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';

export interface Pull {
  number: number;
  html_url: string;
  state: 'open' | 'closed';
  body: string;
  title: string;
  head: string;
  base: string;
  merged_at: string | null;
}

/** GitHub's pulls and issue-comments endpoints, as far as the action uses them, over the bare origin. */
export class FakeGithubPulls {
  pulls: Pull[] = [];
  comments: { issue: number; body: string }[] = [];
  requests: { method: string; path: string; body: any }[] = [];
  /** The next write answers this status with a message that echoes the request's Authorization header. */
  failNextWrite: number | undefined;
  url = '';
  private server: Server | undefined;

  private readonly origin: string;
  private readonly repository: string;
  private readonly token: string;

  constructor(options: { origin: string; repository: string; token: string }) {
    ({ origin: this.origin, repository: this.repository, token: this.token } = options);
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(([status, body]) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  writes(): string[] {
    return this.requests.filter((request) => request.method !== 'GET').map((r) => `${r.method} ${r.path}`);
  }

  private async handle(request: IncomingMessage): Promise<[number, unknown]> {
    const url = new URL(request.url ?? '/', this.url);
    let text = '';
    for await (const chunk of request) text += String(chunk);
    const body = text === '' ? undefined : JSON.parse(text);
    this.requests.push({ method: request.method ?? '', path: `${url.pathname}${url.search}`, body });
    if (request.headers.authorization !== `Bearer ${this.token}`)
      return [401, { message: 'Bad credentials' }];
    if (request.method !== 'GET' && this.failNextWrite !== undefined) {
      const status = this.failNextWrite;
      this.failNextWrite = undefined;
      return [status, { message: `Validation failed for ${request.headers.authorization}` }];
    }
    const base = `/repos/${this.repository}`;
    const one = new RegExp(`^${base}/pulls/(\\d+)$`).exec(url.pathname);
    const comments = new RegExp(`^${base}/issues/(\\d+)/comments$`).exec(url.pathname);
    if (url.pathname === `${base}/pulls` && request.method === 'GET') {
      const [owner, branch] = (url.searchParams.get('head') ?? '').split(':');
      expect(owner).toBe(this.repository.split('/')[0]);
      expect(url.searchParams.get('state')).toBe('all');
      return [200, this.pulls.filter((pull) => pull.head === branch).sort((a, b) => b.number - a.number)];
    }
    if (url.pathname === `${base}/pulls` && request.method === 'POST') {
      // As GitHub: the head branch must exist, and only one open pull request per head and base.
      const branches = execFileSync('git', ['--git-dir', this.origin, 'branch', '--list', body.head], {
        encoding: 'utf8',
      });
      if (branches.trim() === '') return [422, { message: `head ${body.head} does not exist` }];
      if (this.pulls.some((pull) => pull.state === 'open' && pull.head === body.head))
        return [422, { message: 'A pull request already exists' }];
      const number = this.pulls.length + 1;
      const pull: Pull = {
        number,
        html_url: `https://github.com/${this.repository}/pull/${number}`,
        state: 'open',
        body: body.body,
        title: body.title,
        head: body.head,
        base: body.base,
        merged_at: null,
      };
      this.pulls.push(pull);
      return [201, pull];
    }
    if (one && request.method === 'PATCH') {
      const pull = this.pulls.find((item) => item.number === Number(one[1]));
      if (pull === undefined) return [404, { message: 'Not Found' }];
      Object.assign(pull, body);
      return [200, pull];
    }
    if (comments && request.method === 'POST') {
      this.comments.push({ issue: Number(comments[1]), body: body.body });
      return [201, { id: this.comments.length }];
    }
    return [404, { message: 'Not Found' }];
  }
}
