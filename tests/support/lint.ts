import { ESLint } from 'eslint';

let eslint: ESLint | undefined;

/** As `rule: message`. */
export async function lint(filePath: string, code: string): Promise<string[]> {
  eslint ??= new ESLint({ cwd: `${import.meta.dirname}/../..` });
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}
