import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../src/cli/program.js';

/**
 * The README and docs/ are how people find their way: every relative link and anchor resolves, every command
 * and flag `--help` shows is documented, the README stays a front door, and each page says first what the
 * reader can do there.
 */

const PAGES = [
  'README.md',
  ...readdirSync('docs')
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
];
const text = (file: string): string => readFileSync(file, 'utf8');

/** Markdown without fenced code blocks and inline code (links inside code are examples, not links). */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutCode = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
  for (const match of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = (match[1] as string)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const match of markdown.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(match[1] as string);
  return anchors;
}

/** Relative link targets of a page: markdown links and images, and HTML src/href. */
function linksOf(markdown: string): string[] {
  const body = prose(markdown);
  const links = [
    ...[...body.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
      (match) => match[1] as string,
    ),
    ...[...body.matchAll(/^\[[^\]]+\]:\s*(\S+)/gm)].map((match) => match[1] as string),
    ...[...body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] as string),
  ];
  return links.filter((link) => !/^[a-z][a-z0-9+.-]*:/i.test(link));
}

interface CommandHelp {
  readonly name: string;
  readonly flags: readonly string[];
}

function commandsOf(command: Command, prefix = ''): CommandHelp[] {
  return command.commands.flatMap((sub) => {
    const name = `${prefix}${sub.name()}`;
    const own =
      sub.commands.length > 0 ? [] : [{ name, flags: sub.options.map((option) => option.long ?? '') }];
    return [...own, ...commandsOf(sub, `${name} `)];
  });
}

/** The part of a page under a heading that names `catalog <command>`, up to the next heading of its level. */
function sectionsAbout(command: string): string[] {
  const sections: string[] = [];
  const heading = new RegExp(`^(#{1,6})\\s.*\`catalog ${command}(?:[\\s\`<\\[])`, 'gm');
  for (const page of PAGES) {
    const markdown = text(page);
    for (const match of markdown.matchAll(heading)) {
      const level = (match[1] as string).length;
      const rest = markdown.slice((match.index ?? 0) + match[0].length);
      const next = new RegExp(`^#{1,${level}}\\s`, 'm').exec(rest);
      sections.push(next === null ? rest : rest.slice(0, next.index));
    }
  }
  return sections;
}

describe('documentation', () => {
  it.each(PAGES)('%s: every relative link and anchor resolves', (page) => {
    const broken: string[] = [];
    for (const link of linksOf(text(page))) {
      const [target = '', anchor] = link.split('#');
      const file =
        target === '' ? page : path.normalize(path.join(path.dirname(page), decodeURIComponent(target)));
      if (!existsSync(file)) {
        broken.push(`${link} (no ${file})`);
        continue;
      }
      if (anchor !== undefined && anchor !== '') {
        if (!file.endsWith('.md') || statSync(file).isDirectory()) continue;
        if (!anchorsOf(text(file)).has(anchor)) broken.push(`${link} (no heading #${anchor} in ${file})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('the link checker finds broken links and anchors (so the test above can fail)', () => {
    expect(linksOf('[a](docs/x.md#y) `[b](c.md)` ![p](shot.png "t") [w](https://x.org)')).toEqual([
      'docs/x.md#y',
      'shot.png',
    ]);
    expect([...anchorsOf('# `catalog serve`: the embedded catalog\n## Exit codes\n## Exit codes\n')]).toEqual(
      ['catalog-serve-the-embedded-catalog', 'exit-codes', 'exit-codes-1'],
    );
  });

  const program = buildProgram(
    {
      stdout: { write: () => undefined, isTTY: false },
      stderr: { write: () => undefined, isTTY: false },
      env: {},
      cwd: process.cwd(),
      waitForInterrupt: () => Promise.resolve(),
    },
    () => undefined,
  );
  const commands = commandsOf(program);

  it('covers the commands --help lists', () => {
    expect(commands.map((command) => command.name)).toEqual(
      expect.arrayContaining([
        'init',
        'validate',
        'reconcile',
        'apply',
        'serve',
        'export',
        'import business-glossary',
      ]),
    );
  });

  it.each(commands.map((command) => [command.name, command] as const))(
    'catalog %s and each of its flags are documented in a section about it',
    (_, command) => {
      const sections = sectionsAbout(command.name);
      expect(sections.length, `no heading names \`catalog ${command.name}\``).toBeGreaterThan(0);
      const documented = sections.join('\n');
      const missing = command.flags.filter((flag) => flag !== '--help' && !documented.includes(flag));
      expect(missing, `flags of catalog ${command.name} not in its section`).toEqual([]);
    },
  );

  it('the README is a front door: under 15,000 characters, with both pictures and the three ways to run it', () => {
    const readme = text('README.md');
    expect(readme.length).toBeLessThan(15_000);
    expect(readme).toContain('](docs/screenshots/plan-comment.png)');
    expect(readme).toMatch(/\]\(docs\/screenshots\/(search|model)\.png\)/);
    for (const way of ['On a laptop', 'On every pull request', 'On a schedule'])
      expect(readme).toContain(way);
  });

  it.each(PAGES.filter((page) => page !== 'README.md'))(
    '%s starts by saying what the reader can do there',
    (page) => {
      // The first paragraph after the title (generated pages may open with an HTML comment).
      const body = text(page).replace(/^<!--[\s\S]*?-->\s*/, '');
      const first = body.split(/\n\s*\n/).find((block, index) => index > 0 && block.trim() !== '') ?? '';
      expect(body.startsWith('# '), `${page} starts with its title`).toBe(true);
      expect(first, page).toMatch(/^\*\*What you can do here:\*\*/);
    },
  );
});
