import { type RefObject, useEffect } from 'react';
import { isBlankHtml } from './composerHtml';
import { announceInput } from './useInlineImages';

/**
 * Unsent text in a composer, kept in this browser (localStorage) per agent and ticket: a reload,
 * a closed tab or a crash loses nothing. Written on every change, removed when sent or emptied;
 * the newest 50 drafts are kept, none older than 30 days.
 */
export interface TDraft {
  html: string;
  isPublic: boolean;
  at: number;
}

const prefix = 'parley.draft.';
const maxDrafts = 50;
const maxAgeMs = 30 * 24 * 3_600_000;

export const draftKey = (accountId: number, ticketId: number) => `${prefix}${accountId}.${ticketId}`;

function read(key: string): TDraft | null {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<TDraft> | null;
    if (value && typeof value.html === 'string' && typeof value.at === 'number' && Date.now() - value.at < maxAgeMs) {
      return { html: value.html, isPublic: value.isPublic !== false, at: value.at };
    }
  } catch {
    // Unreadable: as if none.
  }
  return null;
}

/** Drops the oldest drafts beyond the newest 50 (and any expired). */
function prune(): void {
  const all: Array<{ key: string; at: number }> = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith(prefix)) {
      all.push({ key, at: read(key)?.at ?? 0 });
    }
  }
  all.sort((a, b) => b.at - a.at);
  for (const old of all.filter((d, i) => i >= maxDrafts || d.at === 0)) {
    localStorage.removeItem(old.key);
  }
}

export const drafts = {
  get: read,
  set(key: string, html: string, isPublic: boolean): void {
    try {
      if (isBlankHtml(html)) {
        localStorage.removeItem(key);
        return;
      }
      localStorage.setItem(key, JSON.stringify({ html, isPublic, at: Date.now() }));
      prune();
    } catch {
      // Storage full or refused (private mode): the draft just is not kept.
    }
  },
  clear(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing to clear.
    }
  },
};

/**
 * Restores the draft of `key` into the editor when it opens, and keeps it as the agent types
 * (and as the reply or note switch changes).
 */
export function useDraft(
  key: string,
  editorRef: RefObject<HTMLDivElement | null>,
  isPublic: boolean,
  restoreMode: (isPublic: boolean) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: restore once per ticket, not on every mode change
  useEffect(() => {
    const editor = editorRef.current;
    const draft = drafts.get(key);
    if (editor && draft && isBlankHtml(editor.innerHTML)) {
      editor.innerHTML = draft.html;
      restoreMode(draft.isPublic);
      announceInput(editor);
    }
  }, [key]);
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor) {
      return;
    }
    const save = () => drafts.set(key, editor.innerHTML, isPublic);
    editor.addEventListener('input', save);
    if (!isBlankHtml(editor.innerHTML)) {
      save();
    }
    return () => editor.removeEventListener('input', save);
  }, [key, editorRef, isPublic]);
}
