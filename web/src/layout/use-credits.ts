import { useEffect, useState } from 'react';

/** Local storage key the V2 layout's loader (state/company-frame.ts) writes the selected company's balance to. */
export const CREDITS_KEY = 'credits';
const REFRESH_MS = 1000;

function read(): number {
  const value = Number(localStorage.getItem(CREDITS_KEY));
  return Number.isFinite(value) ? value : 0;
}

/** The credits balance, re-read from local storage every second (spec §9). */
export function useCredits(): number {
  const [credits, setCredits] = useState(read);
  useEffect(() => {
    const timer = setInterval(() => setCredits(read()), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return credits;
}
