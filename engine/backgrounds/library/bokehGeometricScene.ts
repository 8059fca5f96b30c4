/** Catalogue part 3: bokeh lights, geometric patterns and room scenes for product shots. */
import type { BackgroundDef, BokehParams } from '../types';
import { fibre, inCategory, mottle } from './define';

const bokeh = (id: string, params: BokehParams) => ({ id, kind: 'bokeh' as const, params, finish: { renderScale: 0.5, blur: 0.004, grain: 0.03 } });

export const BOKEH: BackgroundDef[] = inCategory('bokeh', [
  bokeh('bokeh-golden-lights', {
    background: { stops: ['#3A2612', '#1E130A', '#120B05'], angle: 180 },
    colors: ['#FFC46B', '#FF9E3D', '#FFE7B3'],
    count: 46,
    seed: 5,
    size: [0.03, 0.12],
    opacity: [0.25, 0.75],
    band: [0.05, 0.7],
  }),
  bokeh('bokeh-city-night', {
    background: { stops: ['#0B1430', '#161B3D', '#201B3B'], angle: 180 },
    colors: ['#4FA3FF', '#E15AFF', '#5CF2FF', '#FFB35C'],
    count: 50,
    seed: 8,
    size: [0.025, 0.1],
    opacity: [0.25, 0.7],
    band: [0.1, 0.75],
  }),
  bokeh('bokeh-blush', {
    background: { stops: ['#F9DCE6', '#F2B9CF'], angle: 160 },
    colors: ['#FFFFFF', '#FFE3EE', '#FFD7C2'],
    count: 40,
    seed: 13,
    size: [0.03, 0.13],
    opacity: [0.3, 0.7],
  }),
  bokeh('bokeh-garden', {
    background: { stops: ['#5C8A4A', '#2F5A35', '#1F3B2A'], angle: 170 },
    colors: ['#E4FBA5', '#FFF3B0', '#B4F5D2'],
    count: 44,
    seed: 21,
    size: [0.03, 0.12],
    opacity: [0.2, 0.6],
    band: [0, 0.65],
  }),
  bokeh('bokeh-winter', {
    background: { stops: ['#E4F0FB', '#B4CBE6', '#8FA9CF'], angle: 180 },
    colors: ['#FFFFFF', '#DDEEFF', '#C8E0FF'],
    count: 48,
    seed: 34,
    size: [0.02, 0.1],
    opacity: [0.35, 0.85],
  }),
  bokeh('bokeh-festive', {
    background: { stops: ['#3B0B0E', '#200607', '#140404'], angle: 180 },
    colors: ['#FF4D4D', '#FFC94D', '#5CD67A', '#FFF1C2'],
    count: 52,
    seed: 55,
    size: [0.025, 0.1],
    opacity: [0.3, 0.8],
    band: [0.05, 0.7],
  }),
]);

export const GEOMETRIC: BackgroundDef[] = inCategory('geometric', [
  {
    id: 'geo-lowpoly-ocean',
    kind: 'geometric',
    params: { pattern: 'triangles', background: '#1B4F72', palette: ['#A9DCF2', '#4FA3D1', '#1F6FA8', '#123E66'], seed: 3 },
    finish: { grain: 0.02 },
  },
  {
    id: 'geo-lowpoly-sunrise',
    kind: 'geometric',
    params: { pattern: 'triangles', background: '#F88379', palette: ['#FFD194', '#F9A27E', '#E6798A', '#B06AB3'], seed: 8 },
    finish: { grain: 0.02 },
  },
  {
    id: 'geo-circles-pastel',
    kind: 'geometric',
    params: { pattern: 'circles', background: '#FFF8F0', palette: ['#FFD6C9', '#C9E8E0', '#D9D2F5', '#FFEDB3'], seed: 5 },
    finish: { grain: 0.02 },
  },
  {
    id: 'geo-retro-stripes',
    kind: 'geometric',
    params: { pattern: 'stripes', background: '#F4E9D8', palette: ['#E76F51', '#F4A261', '#E9C46A', '#2A9D8F'], seed: 2 },
    finish: { grain: 0.03, overlays: [fibre('#5A4A30', 0.06)] },
  },
  {
    id: 'geo-teal-waves',
    kind: 'geometric',
    params: { pattern: 'waves', background: '#E8F6F3', palette: ['#B9E4DC', '#84CFC2', '#4FB3A5', '#2A8C80', '#17645C'], seed: 6 },
    finish: { grain: 0.02 },
  },
  {
    id: 'geo-halftone',
    kind: 'geometric',
    params: { pattern: 'dots', background: '#111A24', palette: ['#1E8C86', '#2EC4B6', '#FFBF69', '#FF9F1C'], seed: 1 },
    finish: { grain: 0.02 },
  },
  {
    id: 'geo-earth-arcs',
    kind: 'geometric',
    params: { pattern: 'arcs', background: '#F1E6D8', palette: ['#F1E6D8', '#E3C7A6', '#D19C74', '#B0704F', '#7F4F3A'], seed: 1 },
    finish: { grain: 0.03, overlays: [fibre('#3A2A1A', 0.05)] },
  },
  {
    id: 'geo-paper-collage',
    kind: 'geometric',
    params: { pattern: 'blocks', background: '#F5F1EA', palette: ['#E8D5C4', '#C9D6CF', '#D8CFE6', '#F2E3B6', '#E3C1B5'], seed: 12 },
    finish: { grain: 0.02, overlays: [fibre('#3A2A1A', 0.06)] },
  },
]);

export const SCENE: BackgroundDef[] = inCategory('scene', [
  {
    id: 'scene-marble-table',
    kind: 'room',
    params: {
      wall: '#E4E0DA',
      floor: '#F3F1ED',
      floorKind: 'marble',
      floorAccent: '#A9A39A',
      horizon: 0.6,
      window: { side: 'left', color: '#FFF8EC', opacity: 0.35 },
    },
    finish: { grain: 0.02, overlays: [mottle('#8A8276', 0.06, 61)] },
  },
  {
    id: 'scene-wooden-table',
    kind: 'room',
    params: {
      wall: '#DCCFC0',
      floor: '#A9774E',
      floorKind: 'wood',
      floorAccent: '#6E4A2E',
      horizon: 0.6,
      window: { side: 'right', color: '#FFF1D6', opacity: 0.35 },
      decor: 'plant',
      decorColor: '#5E7F4E',
    },
    finish: { grain: 0.025 },
  },
  {
    id: 'scene-white-podium',
    kind: 'room',
    params: { wall: '#EFEFEF', floor: '#E4E4E4', floorKind: 'plain', horizon: 0.62, podium: { color: '#F7F7F7', shape: 'cylinder', width: 0.42 } },
    finish: { grain: 0.02 },
  },
  {
    id: 'scene-pastel-arch',
    kind: 'room',
    params: { wall: '#F6D9D2', floor: '#EFC7BE', floorKind: 'plain', horizon: 0.64, podium: { color: '#F0B9AD', shape: 'arch', width: 0.38 } },
    finish: { grain: 0.02 },
  },
  {
    id: 'scene-living-room',
    kind: 'room',
    params: {
      wall: '#E1E7E2',
      floor: '#C49C78',
      floorKind: 'wood',
      floorAccent: '#8F6A49',
      horizon: 0.68,
      baseboard: '#F7F7F5',
      window: { side: 'left', color: '#FFF9EC', opacity: 0.4 },
      decor: 'plant',
      decorColor: '#4E7A55',
    },
    finish: { grain: 0.025 },
  },
  {
    id: 'scene-tiled-kitchen',
    kind: 'room',
    params: { wall: '#F3EFE7', floor: '#D5D0C6', floorKind: 'tiles', floorAccent: '#B3ADA2', horizon: 0.62, decor: 'shelf', decorColor: '#A88462' },
    finish: { grain: 0.02 },
  },
  {
    id: 'scene-dark-podium',
    kind: 'room',
    params: {
      wall: '#24262B',
      floor: '#2E3137',
      floorKind: 'plain',
      horizon: 0.62,
      window: { side: 'right', color: '#B8C8FF', opacity: 0.12 },
      podium: { color: '#50545E', shape: 'steps', width: 0.4 },
    },
    finish: { grain: 0.035 },
  },
  {
    id: 'scene-gallery',
    kind: 'room',
    params: { wall: '#F7F6F2', floor: '#D9D3C9', floorKind: 'plain', horizon: 0.7, baseboard: '#FFFFFF', decor: 'frame', decorColor: '#3A3A3A' },
    finish: { grain: 0.02 },
  },
]);
