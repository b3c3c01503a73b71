import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      return sources(path);
    }
    return name.endsWith('.tsx') && !name.endsWith('.test.tsx') ? [path] : [];
  });
}

/** `<XxxOutlined …>`, `<XxxFilled …>`, `<XxxTwoTone …>` tags of @ant-design/icons, whole (their props may nest braces). */
function iconTags(text: string): string[] {
  const tags: string[] = [];
  for (const match of text.matchAll(/<[A-Z][A-Za-z0-9]*(?:Outlined|Filled|TwoTone)(?=[\s/>])/g)) {
    let depth = 0;
    let end = match.index + match[0].length;
    for (; end < text.length; end++) {
      const c = text[end];
      if (c === '{') {
        depth++;
      } else if (c === '}') {
        depth--;
      } else if (c === '>' && depth === 0) {
        break;
      }
    }
    tags.push(text.slice(match.index, end + 1));
  }
  return tags;
}

describe('icons in accessible names', () => {
  it('hides every Ant Design icon from assistive technology or names it in words', () => {
    // An icon's own name is its file's, in English in every language ("thunderbolt 应用宏 down",
    // "plus 新建工单"): decoration is aria-hidden, an icon that means something has an aria-label.
    const unnamed = sources(src).flatMap((file) => {
      const path = relative(src, file).split('\\').join('/');
      return iconTags(readFileSync(file, 'utf8'))
        .filter((tag) => !/aria-hidden|aria-label/.test(tag))
        .map((tag) => `${path}: ${tag.split(/\s/)[0]}`);
    });
    expect(unnamed).toEqual([]);
    // Not vacuous: the scan finds the icons there are.
    expect(iconTags(readFileSync(join(src, 'features/note/NoteApplyMenu.tsx'), 'utf8')).length).toBeGreaterThan(0);
    // The chat workspace is scanned too (it once was left out).
    expect(sources(src).some((file) => file.endsWith('ChatConversation.tsx'))).toBe(true);
  });
});
