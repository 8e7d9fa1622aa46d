import { createStore, useStore } from '../../../lib/store.ts';

/**
 * The house games' sound effects, synthesised with WebAudio (no audio files to download). The
 * on/off choice survives reloads in localStorage; sound starts off until the player's first
 * tap anyway, because browsers only let an AudioContext run after a gesture.
 */
export type SoundName = 'bet' | 'win' | 'lose' | 'tick' | 'cashout' | 'reveal' | 'spin' | 'bust' | 'click';

const STORAGE_KEY = 'house_sound';

function readEnabled(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

const enabledStore = createStore<boolean>(readEnabled());
let context: AudioContext | null = null;
let master: GainNode | null = null;

/** Browsers refuse to start audio before the player's first tap or key: wait for it. */
function userHasInteracted(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return activation ? activation.hasBeenActive : true;
}

function audio(): { ctx: AudioContext; out: GainNode } | null {
  if (typeof window === 'undefined' || typeof window.AudioContext === 'undefined') return null;
  if (!context) {
    if (!userHasInteracted()) return null;
    try {
      context = new AudioContext();
      master = context.createGain();
      master.gain.value = 0.35;
      master.connect(context.destination);
    } catch {
      return null;
    }
  }
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  return master ? { ctx: context, out: master } : null;
}

type Tone = { freq: number; toFreq?: number; start: number; duration: number; type?: OscillatorType; gain?: number };

function tone(ctx: AudioContext, out: AudioNode, { freq, toFreq, start, duration, type = 'sine', gain = 0.5 }: Tone): void {
  const t0 = ctx.currentTime + start;
  const osc = ctx.createOscillator();
  const env = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  if (toFreq) osc.frequency.exponentialRampToValueAtTime(toFreq, t0 + duration);
  // A short attack and an exponential release: clicks-free and percussive.
  env.gain.setValueAtTime(0.0001, t0);
  env.gain.exponentialRampToValueAtTime(gain, t0 + 0.008);
  env.gain.exponentialRampToValueAtTime(0.0001, t0 + duration);
  osc.connect(env);
  env.connect(out);
  osc.start(t0);
  osc.stop(t0 + duration + 0.02);
}

function noise(ctx: AudioContext, out: AudioNode, start: number, duration: number, gain: number, lowpassHz: number): void {
  const t0 = ctx.currentTime + start;
  const length = Math.max(1, Math.floor(ctx.sampleRate * duration));
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const samples = buffer.getChannelData(0);
  for (let i = 0; i < length; i++) samples[i] = (Math.random() * 2 - 1) * (1 - i / length);
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = 'lowpass';
  filter.frequency.value = lowpassHz;
  const env = ctx.createGain();
  env.gain.value = gain;
  source.connect(filter);
  filter.connect(env);
  env.connect(out);
  source.start(t0);
}

const SOUNDS: Record<SoundName, (ctx: AudioContext, out: AudioNode) => void> = {
  click: (ctx, out) => tone(ctx, out, { freq: 1200, start: 0, duration: 0.04, type: 'square', gain: 0.12 }),
  tick: (ctx, out) => tone(ctx, out, { freq: 1800, start: 0, duration: 0.03, type: 'triangle', gain: 0.15 }),
  bet: (ctx, out) => {
    tone(ctx, out, { freq: 520, start: 0, duration: 0.08, type: 'triangle', gain: 0.35 });
    tone(ctx, out, { freq: 780, start: 0.05, duration: 0.1, type: 'triangle', gain: 0.3 });
  },
  reveal: (ctx, out) => tone(ctx, out, { freq: 660, toFreq: 1320, start: 0, duration: 0.16, type: 'sine', gain: 0.35 }),
  spin: (ctx, out) => {
    for (let i = 0; i < 6; i++) tone(ctx, out, { freq: 900 - i * 60, start: i * 0.05, duration: 0.04, type: 'square', gain: 0.08 });
  },
  win: (ctx, out) => {
    const notes = [523.25, 659.25, 783.99, 1046.5];
    notes.forEach((freq, i) => {
      tone(ctx, out, { freq, start: i * 0.08, duration: 0.22, type: 'triangle', gain: 0.3 });
    });
  },
  cashout: (ctx, out) => {
    tone(ctx, out, { freq: 880, start: 0, duration: 0.12, type: 'triangle', gain: 0.35 });
    tone(ctx, out, { freq: 1318.5, start: 0.07, duration: 0.25, type: 'triangle', gain: 0.35 });
    noise(ctx, out, 0, 0.12, 0.08, 6000);
  },
  lose: (ctx, out) => {
    tone(ctx, out, { freq: 330, toFreq: 220, start: 0, duration: 0.25, type: 'sawtooth', gain: 0.12 });
    tone(ctx, out, { freq: 247, toFreq: 165, start: 0.12, duration: 0.3, type: 'sawtooth', gain: 0.1 });
  },
  bust: (ctx, out) => {
    noise(ctx, out, 0, 0.45, 0.5, 900);
    tone(ctx, out, { freq: 160, toFreq: 40, start: 0, duration: 0.45, type: 'sine', gain: 0.6 });
  },
};

export const sound = {
  /** Plays one effect if sound is on; never throws (a page without audio just stays silent). */
  play(name: SoundName): void {
    if (!enabledStore.get()) return;
    const target = audio();
    if (!target) return;
    try {
      SOUNDS[name](target.ctx, target.out);
    } catch {
      // Audio is decoration: a failing node must not break a bet.
    }
  },
  isEnabled: (): boolean => enabledStore.get(),
  setEnabled(enabled: boolean): void {
    enabledStore.set(enabled);
    try {
      localStorage.setItem(STORAGE_KEY, enabled ? 'on' : 'off');
    } catch {
      // Without storage the choice lasts for this page only.
    }
    if (enabled) audio();
  },
};

/** The on/off switch for React: [enabled, setEnabled]. */
export function useSoundEnabled(): [boolean, (enabled: boolean) => void] {
  return [useStore(enabledStore), sound.setEnabled];
}
