/**
 * The performance budget of issue #8, one line per figure, judged against the figures of a run.
 * A figure that was not measured (e.g. PostgreSQL without BENCH_DATABASE_URL) is SKIP, never PASS.
 */
export interface Figure {
  name: string;
  value: number | string;
  unit: string;
  [extra: string]: unknown;
}

export interface BudgetLine {
  figure: string;
  /** The figure must be at most (`<=`), at least (`>=`) the limit, or one of its values (`in`). */
  op: '<=' | '>=' | 'in';
  limit: number | string[];
  unit: string;
}

export const BUDGET: BudgetLine[] = [
  { figure: 'first_load_login_js_gzip', op: '<=', limit: 140, unit: 'KB' },
  { figure: 'first_load_login_js_requests', op: '<=', limit: 10, unit: 'requests' },
  { figure: 'first_load_app_js_gzip', op: '<=', limit: 170, unit: 'KB' },
  { figure: 'first_load_manager_users_js_gzip', op: '<=', limit: 200, unit: 'KB' },
  { figure: 'content_encoding_html', op: 'in', limit: ['br', 'gzip'], unit: '' },
  { figure: 'content_encoding_js', op: 'in', limit: ['br', 'gzip'], unit: '' },
  { figure: 'content_encoding_css', op: 'in', limit: ['br', 'gzip'], unit: '' },
  { figure: 'content_encoding_json', op: 'in', limit: ['br', 'gzip'], unit: '' },
  { figure: 'hashed_asset_cache_control', op: 'in', limit: ['public, max-age=31536000, immutable'], unit: '' },
  { figure: 'ssr_login_ratio', op: '>=', limit: 7, unit: '%' },
  { figure: 'books_list_embedded_ratio', op: '>=', limit: 6, unit: '%' },
  { figure: 'books_list_postgres_ratio', op: '>=', limit: 6, unit: '%' },
  { figure: 'books_list_postgres_p99', op: '<=', limit: 20, unit: 'ms' },
  { figure: 'books_search_postgres_p95', op: '<=', limit: 20, unit: 'ms' },
  { figure: 'books_search_embedded_p95', op: '<=', limit: 50, unit: 'ms' },
  { figure: 'cold_start_embedded', op: '<=', limit: 1000, unit: 'ms' },
  { figure: 'idle_rss_embedded', op: '<=', limit: 200, unit: 'MB' },
  { figure: 'idle_rss_postgres', op: '<=', limit: 100, unit: 'MB' },
  { figure: 'lighthouse_login_performance', op: '>=', limit: 95, unit: 'score' },
  { figure: 'lighthouse_login_accessibility', op: '>=', limit: 100, unit: 'score' },
  { figure: 'lighthouse_login_best_practices', op: '>=', limit: 100, unit: 'score' },
  { figure: 'lighthouse_app_books_performance', op: '>=', limit: 95, unit: 'score' },
  { figure: 'lighthouse_app_books_accessibility', op: '>=', limit: 100, unit: 'score' },
  { figure: 'lighthouse_app_books_best_practices', op: '>=', limit: 100, unit: 'score' },
];

export type Verdict = 'PASS' | 'FAIL' | 'SKIP';

export interface Judged extends BudgetLine {
  value: number | string | null;
  verdict: Verdict;
}

export function judge(figures: Figure[]): Judged[] {
  return BUDGET.map((line) => {
    const figure = figures.find((f) => f.name === line.figure);
    if (!figure) return { ...line, value: null, verdict: 'SKIP' };
    const { value } = figure;
    const { limit } = line;
    const pass = Array.isArray(limit)
      ? limit.includes(String(value))
      : typeof value === 'number' && (line.op === '<=' ? value <= limit : value >= limit);
    return { ...line, value, verdict: pass ? 'PASS' : 'FAIL' };
  });
}

export function summaryLine(j: Judged): string {
  const unit = j.unit ? ` ${j.unit}` : '';
  const measured = j.value === null ? 'not measured' : typeof j.value === 'number' ? `${j.value}${unit}` : j.value;
  const limit = Array.isArray(j.limit) ? j.limit.join(' or ') : `${j.op} ${j.limit}${unit}`;
  return `${j.verdict.padEnd(4)}  ${j.figure}: ${measured} (budget ${limit})`;
}
