/** A short two-note chime for a new chat (Web Audio: no sound file to ship). */
export function playChime(): void {
  const Ctor = (window as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Ctor) {
    return;
  }
  try {
    const ctx = new Ctor();
    const notes = [880, 1318.5];
    notes.forEach((freq, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, ctx.currentTime + i * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.2, ctx.currentTime + i * 0.15 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + i * 0.15 + 0.3);
      osc.connect(gain).connect(ctx.destination);
      osc.start(ctx.currentTime + i * 0.15);
      osc.stop(ctx.currentTime + i * 0.15 + 0.32);
    });
    window.setTimeout(() => void ctx.close(), 1000);
  } catch {
    // A browser that refuses audio before a gesture: the badge and title still tell.
  }
}
