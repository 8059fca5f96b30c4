/** Catalogue part 2: nature-inspired abstract landscapes and paper, stone, fabric and wood textures. */
import type { BackgroundDef } from '../types';
import { fibre, inCategory, mottle, streaks, veins } from './define';

export const NATURE: BackgroundDef[] = inCategory('nature', [
  {
    id: 'nature-sunset-dunes',
    kind: 'landscape',
    params: {
      seed: 4,
      sky: ['#FBD3A6', '#F7A889', '#EE8C7E'],
      sun: { x: 0.68, y: 0.42, r: 0.07, color: '#FFF1D0', glow: 0.5 },
      layers: [
        { color: '#E79A74', y: 0.66, amp: 0.05, freq: 1.2 },
        { color: '#D9805D', y: 0.76, amp: 0.05, freq: 0.9 },
        { color: '#C26A4B', y: 0.88, amp: 0.04, freq: 1.4 },
      ],
    },
    finish: { grain: 0.03 },
  },
  {
    id: 'nature-misty-mountains',
    kind: 'landscape',
    params: {
      seed: 9,
      sky: ['#DCE6EE', '#EEF3F6'],
      layers: [
        { color: '#B4C4D2', y: 0.55, amp: 0.16, freq: 2.2, shape: 'peaks' },
        { color: '#8FA5B8', y: 0.68, amp: 0.13, freq: 2.8, shape: 'peaks' },
        { color: '#6D8599', y: 0.8, amp: 0.1, freq: 3.4, shape: 'peaks' },
        { color: '#EEF3F6', y: 0.86, amp: 0.02, freq: 1, opacity: 0.45 },
      ],
    },
    finish: { renderScale: 0.5, blur: 0.002, grain: 0.03 },
  },
  {
    id: 'nature-ocean-waves',
    kind: 'landscape',
    params: {
      seed: 2,
      sky: ['#BFE4FA', '#EAF7FF'],
      sun: { x: 0.25, y: 0.25, r: 0.05, color: '#FFFFFF', glow: 0.6 },
      layers: [
        { color: '#7CC4E4', y: 0.6, amp: 0.02, freq: 2, shape: 'waves' },
        { color: '#4BA3CF', y: 0.7, amp: 0.03, freq: 1.6, shape: 'waves' },
        { color: '#2A7FB0', y: 0.82, amp: 0.035, freq: 1.3, shape: 'waves' },
        { color: '#1C5F8A', y: 0.93, amp: 0.03, freq: 1.1, shape: 'waves' },
      ],
    },
    finish: { grain: 0.03 },
  },
  {
    id: 'nature-spring-meadow',
    kind: 'landscape',
    params: {
      seed: 12,
      sky: ['#CBE8FF', '#F2FAFF'],
      sun: { x: 0.78, y: 0.2, r: 0.06, color: '#FFF8D6', glow: 0.55 },
      layers: [
        { color: '#B9DDA0', y: 0.62, amp: 0.06, freq: 1.1 },
        { color: '#93C97B', y: 0.73, amp: 0.05, freq: 1.5 },
        { color: '#6DAF5C', y: 0.86, amp: 0.05, freq: 1.2 },
      ],
    },
    finish: { grain: 0.03 },
  },
  {
    id: 'nature-autumn-hills',
    kind: 'landscape',
    params: {
      seed: 21,
      sky: ['#FCE6C8', '#F8D3A8'],
      sun: { x: 0.3, y: 0.35, r: 0.06, color: '#FFF3DD', glow: 0.45 },
      layers: [
        { color: '#E9B07A', y: 0.62, amp: 0.07, freq: 1.3 },
        { color: '#D88B4F', y: 0.74, amp: 0.06, freq: 1.1 },
        { color: '#B5653A', y: 0.85, amp: 0.05, freq: 1.6 },
        { color: '#8A4A2C', y: 0.95, amp: 0.03, freq: 1.2 },
      ],
    },
    finish: { grain: 0.03 },
  },
  {
    id: 'nature-moonlit-night',
    kind: 'landscape',
    params: {
      seed: 33,
      sky: ['#0B1026', '#1D2B55', '#38497A'],
      sun: { x: 0.72, y: 0.24, r: 0.05, color: '#F3F1E0', glow: 0.35 },
      layers: [
        { color: '#27345C', y: 0.66, amp: 0.15, freq: 2, shape: 'peaks' },
        { color: '#1A2444', y: 0.78, amp: 0.1, freq: 2.6, shape: 'peaks' },
        { color: '#10172E', y: 0.9, amp: 0.04, freq: 1.2 },
      ],
    },
    finish: { grain: 0.04 },
  },
]);

export const TEXTURE: BackgroundDef[] = inCategory('texture', [
  {
    id: 'texture-white-paper',
    kind: 'radial',
    params: { stops: ['#FBFAF6', '#F1EEE7'], cx: 0.5, cy: 0.4, r: 1 },
    finish: { overlays: [mottle('#8A7A5A', 0.09), fibre('#5A4A30', 0.1)], grain: 0.02 },
  },
  {
    id: 'texture-kraft-paper',
    kind: 'radial',
    params: { stops: ['#D2B184', '#BF9A6A'], cx: 0.5, cy: 0.4, r: 1 },
    finish: { overlays: [mottle('#5C3D1E', 0.18, 8), fibre('#4A2F14', 0.2, 4), fibre('#FFF1D6', 0.12, 9)], grain: 0.03 },
  },
  {
    id: 'texture-concrete',
    kind: 'radial',
    params: { stops: ['#B4B3AF', '#9C9B97'], cx: 0.5, cy: 0.35, r: 1 },
    finish: { overlays: [mottle('#3E3D3A', 0.22, 14, 0.02), mottle('#FFFFFF', 0.14, 15, 0.05), fibre('#2A2A28', 0.16, 6)], grain: 0.05 },
  },
  {
    id: 'texture-marble',
    kind: 'radial',
    params: { stops: ['#F7F6F3', '#ECEAE6'], cx: 0.45, cy: 0.4, r: 1 },
    finish: { overlays: [mottle('#B8B2A8', 0.1, 19, 0.01), veins('#8E8880', 0.55, 23), veins('#B5AFA5', 0.35, 29)], grain: 0.015 },
  },
  {
    id: 'texture-linen',
    kind: 'linear',
    params: { stops: ['#EDE6D9', '#E3DACA'], angle: 180 },
    finish: { overlays: [streaks('#7A6A50', 0.14, 8, 5, 0.35), streaks('#7A6A50', 0.1, 0.125, 6, 0.35), mottle('#7A6A50', 0.06)], grain: 0.02 },
  },
  {
    id: 'texture-wood',
    kind: 'linear',
    params: { stops: ['#A8764C', '#8E5F3A'], angle: 170 },
    finish: { overlays: [streaks('#4A2A12', 0.35, 14, 31, 0.03), streaks('#D9A779', 0.18, 20, 32, 0.08), fibre('#3A200C', 0.08, 33)], grain: 0.025 },
  },
  {
    id: 'texture-slate',
    kind: 'radial',
    params: { stops: ['#464B53', '#30343A'], cx: 0.5, cy: 0.4, r: 1 },
    finish: { overlays: [mottle('#9AA3AE', 0.12, 41, 0.015), fibre('#000000', 0.18, 42), fibre('#C7CED6', 0.06, 43)], grain: 0.04 },
  },
]);
