/** Lints synthetic code as if it were a file of the project, with ESLint's API and eslint.config.js. */
import { ESLint } from 'eslint';

let eslint: ESLint | undefined;

/** The messages ESLint reports for `code` at `filePath`, as `rule: message`. */
export async function lint(filePath: string, code: string): Promise<string[]> {
  eslint ??= new ESLint({ cwd: `${import.meta.dirname}/../..` });
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}
