import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutDescriptions } from '../../build/plugins';

const contractsSrc = path.resolve(import.meta.dirname, '../../../contracts/src');
const sources = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter((f) => f.endsWith('.ts'));

describe("the web build's removal of field descriptions", () => {
  it('takes out literal descriptions, single-line or wrapped, and leaves the chain and everything else', () => {
    const code = [
      "a: z.string().describe('Its name, in itself'),",
      'b: z.number().int().describe("The requester\'s rating").optional(),',
      'c: ZFlag.optional().describe(\n    `Public reply; \\`is_public\\``,\n  ),',
      'd: z.string().describe(text),',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      'e: z.string().describe(`with ${x}`),',
    ].join('\n');
    expect(withoutDescriptions(code)).toBe(
      [
        'a: z.string(),',
        'b: z.number().int().optional(),',
        'c: ZFlag.optional(),',
        'd: z.string().describe(text),',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
        'e: z.string().describe(`with ${x}`),',
      ].join('\n'),
    );
  });

  it('leaves no literal description in the contracts and takes nothing else out', () => {
    for (const file of sources(contractsSrc)) {
      const code = fs.readFileSync(file, 'utf8');
      const stripped = withoutDescriptions(code);
      expect(stripped, file).not.toMatch(/\.describe\(\s*['"]/);
      // Only `.describe(…)` calls went: the rest of the file is the same, character for character.
      const rest = (s: string) =>
        s.replace(
          /\.describe\(\s*(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`|[\w.]+(?:\([^()]*\))?)\s*,?\s*\)/g,
          '',
        );
      expect(rest(stripped), file).toBe(rest(code));
    }
  });
});
