// docs/alerts.yml, the rules docs/OPERATIONS.md lists: a Prometheus rules file of the right shape, whose every metric
// (and every label it selects on) is one a real test server exposes at /metrics, on PGlite.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { logicDrivers } from '../../../test/support/database.ts';
import { getPlain, METRICS_TOKEN, scrape } from '../../../test/support/metrics.ts';
import { signedUpCustomer, startTestServer, type TestServer } from '../../../test/support/server.ts';

const RULES_FILE = new URL('../../../docs/alerts.yml', import.meta.url);
/** What Prometheus makes itself for every target, not the app. */
const PROMETHEUS_SERIES = new Map([['up', new Set(['job', 'instance'])]]);
const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'and',
  'or',
  'unless',
  'bool',
  'group_left',
  'group_right',
  'offset',
]);

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; description: string };
}

/** Each metric an expression selects, with the label names it matches on or groups by. */
function selectorsOf(expr: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const grouped = [...expr.matchAll(/\b(?:by|without)\s*\(([^)]*)\)/g)].flatMap((match) =>
    (match[1] ?? '')
      .split(',')
      .map((label) => label.trim())
      .filter(Boolean),
  );
  // Strings, ranges and grouping clauses out: what is left is functions, operators, numbers and selectors.
  const text = expr
    .replace(/"[^"]*"/g, '""')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  for (const match of text.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\{[^}]*\})?\s*(\()?/g)) {
    const [, name = '', braces = '', call] = match;
    if (call || KEYWORDS.has(name) || grouped.includes(name)) continue;
    const labels = [...braces.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)/g)].map((m) => m[1] ?? '');
    found.set(name, new Set([...(found.get(name) ?? []), ...labels]));
  }
  for (const labels of found.values()) for (const label of grouped) if (label !== 'le') labels.add(label);
  return found;
}

/** The series names of a scrape with the label names each carries. */
function exposed(text: string): Map<string, Set<string>> {
  const series = new Map<string, Set<string>>();
  for (const line of text.split('\n')) {
    // A metric with no series yet (the pool on PGlite) is declared all the same; its labels are checked where it has
    // series (the PostgreSQL run).
    const declared = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) /.exec(line)?.[1];
    if (declared && !series.has(declared)) series.set(declared, new Set(['*']));
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{([^}]*)\})? /.exec(line);
    if (!match?.[1]) continue;
    const labels = [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="/g)].map((m) => m[1] ?? '');
    const before = [...(series.get(match[1]) ?? [])].filter((label) => label !== '*');
    series.set(match[1], new Set([...before, ...labels]));
  }
  return series;
}

const rules: Rule[] = (() => {
  const file = parse(readFileSync(RULES_FILE, 'utf8'));
  expect(Object.keys(file)).toEqual(['groups']);
  return file.groups.flatMap((group: { name: string; rules: Rule[] }) => {
    expect(group.name).toMatch(/^[a-z_]+$/);
    expect(group.rules.length).toBeGreaterThan(0);
    return group.rules;
  });
})();

describe('docs/alerts.yml', () => {
  it('is a rules file: named alerts, an expression, a duration, a severity and words for the person paged', () => {
    expect(new Set(rules.map((rule) => rule.alert)).size).toBe(rules.length);
    for (const rule of rules) {
      expect(Object.keys(rule).sort(), rule.alert).toEqual(
        ['alert', 'annotations', 'expr', 'labels', ...(rule.for ? ['for'] : [])].sort(),
      );
      expect(rule.alert).toMatch(/^Casillero[A-Z][A-Za-z]+$/);
      if (rule.for) expect(rule.for, rule.alert).toMatch(/^\d+[smhd]$/);
      expect(['page', 'ticket']).toContain(rule.labels.severity);
      expect(rule.annotations.summary.length, rule.alert).toBeGreaterThan(10);
      expect(rule.annotations.description.length, rule.alert).toBeGreaterThan(10);
      // Balanced brackets and quotes: what a typo breaks first.
      const bare = rule.expr.replace(/"[^"]*"/g, '');
      expect(bare, rule.alert).not.toContain('"');
      for (const [open, close] of ['()', '{}', '[]'])
        expect(bare.split(open ?? '').length, `${rule.alert} ${open}${close}`).toBe(
          bare.split(close ?? '').length,
        );
      expect(selectorsOf(rule.expr).size, rule.alert).toBeGreaterThan(0);
    }
  });
});

describe.each(logicDrivers)('docs/alerts.yml against /metrics on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    // A mail that cannot leave (a failure of kind mail) and a request of each kind, so every series exists.
    server = await startTestServer(driver, { METRICS_TOKEN, SMTP_URL: 'smtp://127.0.0.1:1' });
    await signedUpCustomer(server);
    await server.mail.deliverDue();
    await getPlain(server, '/api/health/live');
  });
  afterAll(() => server?.close());

  it('uses only metrics and labels the app exposes', async () => {
    const series = exposed(await scrape(server));
    for (const rule of rules)
      for (const [name, labels] of selectorsOf(rule.expr)) {
        const known = PROMETHEUS_SERIES.get(name) ?? series.get(name);
        expect(known, `${rule.alert}: ${name} is not exposed`).toBeDefined();
        if (known?.has('*')) continue;
        for (const label of labels)
          expect(known, `${rule.alert}: ${name} has no label ${label}`).toContain(label);
      }
  });
});
