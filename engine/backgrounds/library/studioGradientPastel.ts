/** Catalogue part 1: solid studio sweeps, gradients and pastels. */
import type { BackgroundDef } from '../types';
import { fibre, inCategory } from './define';

const studio = (id: string, wall: string, floor: string, light: string, vignette: number, horizon = 0.66) => ({
  id,
  kind: 'studio' as const,
  params: { wall, floor, light, horizon, vignette },
  finish: { grain: 0.025 },
});

export const STUDIO: BackgroundDef[] = inCategory('studio', [
  studio('studio-white', '#EEEEEC', '#FAFAFA', '#FFFFFF', 0.1),
  studio('studio-light-grey', '#CFD2D6', '#E2E4E7', '#FFFFFF', 0.16),
  studio('studio-charcoal', '#2A2C30', '#3A3D42', '#767C86', 0.4),
  studio('studio-warm-beige', '#E3D2BC', '#EFE3D3', '#FFF7EA', 0.14),
  studio('studio-sky-blue', '#B8D3EA', '#D3E4F3', '#FFFFFF', 0.14),
  studio('studio-sage', '#B3C4AE', '#CCD8C8', '#F7FFF3', 0.14),
]);

export const GRADIENT: BackgroundDef[] = inCategory('gradient', [
  { id: 'gradient-sunset', kind: 'linear', params: { stops: ['#FF5F6D', '#FF8E72', '#FFC371'], angle: 160 }, finish: { grain: 0.03 } },
  { id: 'gradient-ocean', kind: 'linear', params: { stops: ['#1A2980', '#1F6FB2', '#26D0CE'], angle: 135 }, finish: { grain: 0.03 } },
  { id: 'gradient-violet', kind: 'linear', params: { stops: ['#4A00E0', '#8E2DE2', '#D66BF5'], angle: 145 }, finish: { grain: 0.03 } },
  { id: 'gradient-midnight', kind: 'linear', params: { stops: ['#0F2027', '#203A43', '#2C5364'], angle: 180 }, finish: { grain: 0.035 } },
  {
    id: 'gradient-spotlight-navy',
    kind: 'radial',
    params: {
      stops: [
        { color: '#4A6A9C', offset: 0 },
        { color: '#1E2C4A', offset: 0.55 },
        { color: '#0C1322', offset: 1 },
      ],
      cx: 0.5,
      cy: 0.42,
      r: 1,
    },
    finish: { grain: 0.035 },
  },
  {
    id: 'gradient-aurora',
    kind: 'mesh',
    params: {
      base: '#0B1D3A',
      blobs: [
        { x: 0.2, y: 0.25, r: 0.7, color: '#18C3A8', opacity: 0.8 },
        { x: 0.75, y: 0.2, r: 0.65, color: '#6A5AE0', opacity: 0.8 },
        { x: 0.55, y: 0.85, r: 0.7, color: '#1E7FD8', opacity: 0.7 },
        { x: 0.95, y: 0.75, r: 0.45, color: '#C55BD8', opacity: 0.6 },
      ],
    },
    finish: { renderScale: 0.25, blur: 0.02, grain: 0.035 },
  },
]);

export const PASTEL: BackgroundDef[] = inCategory('pastel', [
  { id: 'pastel-cotton-candy', kind: 'linear', params: { stops: ['#FBC2EB', '#D9C4F2', '#A6C1EE'], angle: 135 }, finish: { grain: 0.025 } },
  { id: 'pastel-peach', kind: 'linear', params: { stops: ['#FFECD2', '#FCB69F'], angle: 180 }, finish: { grain: 0.025 } },
  { id: 'pastel-mint', kind: 'linear', params: { stops: ['#E6FAF0', '#C2EDDA', '#A8E0CF'], angle: 170 }, finish: { grain: 0.025 } },
  {
    id: 'pastel-lemon',
    kind: 'radial',
    params: { stops: ['#FFFDF0', '#FFF3C2', '#F9E1A0'], cx: 0.5, cy: 0.4, r: 1 },
    finish: { grain: 0.025 },
  },
  {
    id: 'pastel-lavender-haze',
    kind: 'mesh',
    params: {
      base: '#F3EEFF',
      blobs: [
        { x: 0.15, y: 0.2, r: 0.7, color: '#D6C2FF' },
        { x: 0.85, y: 0.3, r: 0.6, color: '#FFD1E6' },
        { x: 0.5, y: 0.95, r: 0.7, color: '#C9E4FF' },
      ],
    },
    finish: { renderScale: 0.25, blur: 0.02, grain: 0.025 },
  },
  {
    id: 'pastel-rainbow',
    kind: 'mesh',
    params: {
      base: '#FFF6EE',
      blobs: [
        { x: 0.05, y: 0.1, r: 0.6, color: '#FFC9B5' },
        { x: 0.6, y: 0.05, r: 0.55, color: '#FFF0B3' },
        { x: 0.95, y: 0.5, r: 0.6, color: '#C4F0D8' },
        { x: 0.45, y: 0.95, r: 0.6, color: '#C9D8FF' },
        { x: 0.05, y: 0.85, r: 0.5, color: '#EBC9FF' },
      ],
    },
    finish: { renderScale: 0.25, blur: 0.02, grain: 0.025, overlays: [fibre('#000000', 0.04)] },
  },
]);
