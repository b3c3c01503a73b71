import { useEffect, useState } from 'react';

/** What the user typed, trimmed and settled for 300 ms (a search asks once typing pauses). */
export function useSettled(typed: string): string {
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  return settled;
}
