/**
 * Voice messages play one at a time: starting one pauses the one that plays. Which ones I have
 * played is remembered in this browser (`localStorage`), so the unplayed dot goes once I play it.
 */
let playing: HTMLAudioElement | null = null;

/** Marks `audio` as the one playing, pausing any other first. */
export function takeTurn(audio: HTMLAudioElement): void {
  if (playing && playing !== audio) playing.pause();
  playing = audio;
}

const PLAYED_KEY = 'chatty.voicePlayed';
const PLAYED_MAX = 500;

function readPlayed(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(PLAYED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export const wasPlayed = (id: string) => readPlayed().includes(id);

export function markPlayed(id: string): void {
  const played = readPlayed().filter((known) => known !== id);
  played.push(id);
  try {
    localStorage.setItem(PLAYED_KEY, JSON.stringify(played.slice(-PLAYED_MAX)));
  } catch {
    // A full or blocked storage only means the dot may show again after a reload.
  }
}
