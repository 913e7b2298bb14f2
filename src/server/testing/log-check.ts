import { TEST_PASSWORD, TEST_TAX_NUMBERS } from './test-secrets';

// What must never appear in the server log. The API test run logs into one file and the
// global teardown checks it with these rules: a hit fails the run, naming the line.

export interface LogRule {
  name: string;
  pattern: RegExp;
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const LOG_RULES: LogRule[] = [
  { name: 'the test password', pattern: new RegExp(literal(TEST_PASSWORD)) },
  { name: 'passwords the tests set', pattern: /Brand-New-Pass-9|Another-Pass-99/ },
  {
    // In any of the ways they are typed: 123456789, 123-45-6789, 123-456-789, 12-3456789.
    name: 'a tax number the tests set',
    pattern: new RegExp(TEST_TAX_NUMBERS.map((n) => n.split('').join('[- ]?')).join('|')),
  },
  { name: 'a password hash', pattern: /passwordHash|\$argon2/ },
  { name: 'a password field', pattern: /"password"\s*:\s*"(?!\[redacted\])/ },
  { name: 'a failed query with its parameters', pattern: /Failed query|params:/ },
  {
    name: 'a row or key value from a database error',
    pattern: /Failing row contains|Key \([^)]*\)=\((?!\[redacted\])/,
  },
  {
    name: 'a request header that carries credentials',
    pattern: /"(authorization|cookie|set-cookie)"\s*:\s*"(?!\[redacted\])/i,
  },
  { name: 'a session cookie or bearer token', pattern: /bo_session=|Bearer [A-Za-z0-9_-]/ },
  { name: 'a password link token', pattern: /resetPassword\/(?!:)|[?&]token=/i },
  { name: 'a query string', pattern: /"url"\s*:\s*"[^"]*\?/ },
  { name: 'a request body', pattern: /"body"\s*:\s*[{["]/ },
];

export interface LogProblem {
  line: number;
  rule: string;
  excerpt: string;
}

/** Every line of the log text that breaks a rule (line numbers from 1). */
export function checkLog(text: string, rules: LogRule[] = LOG_RULES): LogProblem[] {
  const problems: LogProblem[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    for (const rule of rules) {
      if (rule.pattern.test(line)) {
        problems.push({
          line: i + 1,
          rule: rule.name,
          excerpt: line.length > 300 ? `${line.slice(0, 300)}…` : line,
        });
      }
    }
  }
  return problems;
}

/** The failure message for a log with problems. */
export function describeProblems(file: string, problems: LogProblem[]): string {
  const shown = problems.slice(0, 20).map((p) => `  ${file}:${p.line}: ${p.rule}\n    ${p.excerpt}`);
  const more = problems.length > 20 ? `\n  … and ${problems.length - 20} more` : '';
  return `The server log of this API test run holds what it must never hold (${problems.length} finding(s)):\n${shown.join('\n')}${more}`;
}
