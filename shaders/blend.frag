// Blend modes (SPEC §3, ../shared/guides/blend-modes.md): the 27 modes of BLEND_MODES, indexed by `mode`,
// on NON-premultiplied colour, composited source-over with the W3C general formula. Same formulas and edge
// choices as engine/effects/blendModes.ts (the CPU reference):
//   as' = as * opacity;  cs' = (1 - ab) cs + ab B(cb, cs);  ao = as' + ab (1 - as')
//   co  = (as' cs' + ab cb (1 - as')) / ao, and 0,0,0,0 when ao = 0.
precision highp float;
varying vec2 uv;
uniform sampler2D backdrop;
uniform sampler2D source;
uniform int mode;       // index in BLEND_MODES: 0 BaseMerge, 1 Normal, 2 Multiply … 26 LighterColor
uniform float opacity;  // 0..1, multiplies the source alpha
uniform float preBlend; // 1: output the pre-blended source (cs', as') for a later plain source-over draw

float multiplyB(float cb, float cs) { return cb * cs; }
float screenB(float cb, float cs) { return cb + cs - cb * cs; }
float hardLightB(float cb, float cs) { return cs <= 0.5 ? multiplyB(cb, 2.0 * cs) : screenB(cb, 2.0 * cs - 1.0); }
float colorDodgeB(float cb, float cs) {
  if (cb == 0.0) return 0.0;
  if (cs >= 1.0) return 1.0;
  return min(1.0, cb / (1.0 - cs));
}
float colorBurnB(float cb, float cs) {
  if (cb >= 1.0) return 1.0;
  if (cs <= 0.0) return 0.0;
  return 1.0 - min(1.0, (1.0 - cb) / cs);
}
float softLightB(float cb, float cs) {
  if (cs <= 0.5) return cb - (1.0 - 2.0 * cs) * cb * (1.0 - cb);
  float d = cb <= 0.25 ? ((16.0 * cb - 12.0) * cb + 4.0) * cb : sqrt(cb);
  return cb + (2.0 * cs - 1.0) * (d - cb);
}

float separable(int m, float cb, float cs) {
  if (m == 2) return multiplyB(cb, cs);
  if (m == 3) return min(cb, cs);                                   // Darken
  if (m == 4) return max(cb, cs);                                   // Lighten
  if (m == 5) return colorBurnB(cb, cs);
  if (m == 6) return max(0.0, cb + cs - 1.0);                       // LinearBurn
  if (m == 7) return colorDodgeB(cb, cs);
  if (m == 8) return min(1.0, cb + cs);                             // LinearDodge (Add)
  if (m == 9) return screenB(cb, cs);
  if (m == 10) return hardLightB(cs, cb);                           // Overlay = HardLight with roles swapped
  if (m == 11) return hardLightB(cb, cs);
  if (m == 12) return abs(cb - cs);                                 // Difference
  if (m == 13) return cb + cs - 2.0 * cb * cs;                      // Exclusion
  if (m == 14) return softLightB(cb, cs);                           // W3C soft-light
  if (m == 15) return cs <= 0.5 ? colorBurnB(cb, 2.0 * cs) : colorDodgeB(cb, 2.0 * (cs - 0.5)); // VividLight
  if (m == 16) return clamp(cb + 2.0 * cs - 1.0, 0.0, 1.0);         // LinearLight
  if (m == 17) return cs <= 0.5 ? min(cb, 2.0 * cs) : max(cb, 2.0 * cs - 1.0); // PinLight
  // HardMix: "sum 255 or greater" (Adobe). Compared on the byte scale so 100/255 + 155/255 counts despite float error.
  if (m == 18) return cb * 255.0 + cs * 255.0 >= 254.5 ? 1.0 : 0.0;
  if (m == 19) return max(0.0, cb - cs);                            // Subtract
  if (m == 20) return cs == 0.0 ? (cb == 0.0 ? 0.0 : 1.0) : min(1.0, cb / cs); // Divide
  return cs;                                                        // BaseMerge, Normal
}

float lum(vec3 c) { return 0.3 * c.r + 0.59 * c.g + 0.11 * c.b; }
vec3 clipColor(vec3 c) {
  float l = lum(c);
  float n = min(c.r, min(c.g, c.b));
  float x = max(c.r, max(c.g, c.b));
  if (n < 0.0) c = l + (c - l) * l / (l - n);
  if (x > 1.0) c = l + (c - l) * (1.0 - l) / (x - l);
  return c;
}
vec3 setLum(vec3 c, float l) { return clipColor(c + (l - lum(c))); }
float sat(vec3 c) { return max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b)); }
// W3C SetSat: max → s, min → 0, mid scaled in proportion; (c − min)·s/(max − min) does all three at once.
vec3 setSat(vec3 c, float s) {
  float mx = max(c.r, max(c.g, c.b));
  float mn = min(c.r, min(c.g, c.b));
  return mx > mn ? (c - mn) * s / (mx - mn) : vec3(0.0);
}
// Channel sums on the byte scale, so equal byte totals tie exactly (the backdrop wins a tie).
float byteSum(vec3 c) { return dot(floor(c * 255.0 + 0.5), vec3(1.0)); }

vec3 blendB(int m, vec3 cb, vec3 cs) {
  if (m == 21) return setLum(setSat(cs, sat(cb)), lum(cb));         // Hue
  if (m == 22) return setLum(setSat(cb, sat(cs)), lum(cb));         // Saturation
  if (m == 23) return setLum(cs, lum(cb));                          // Color
  if (m == 24) return setLum(cb, lum(cs));                          // Luminosity
  if (m == 25) return byteSum(cs) < byteSum(cb) ? cs : cb;          // DarkerColor
  if (m == 26) return byteSum(cs) > byteSum(cb) ? cs : cb;          // LighterColor
  return vec3(separable(m, cb.r, cs.r), separable(m, cb.g, cs.g), separable(m, cb.b, cs.b));
}

void main() {
  vec4 b = texture2D(backdrop, uv);
  vec4 s = texture2D(source, uv);
  float ba = b.a;
  float sa = s.a * clamp(opacity, 0.0, 1.0);
  float oa = sa + ba * (1.0 - sa);
  if (oa <= 0.0) {
    gl_FragColor = vec4(0.0);
    return;
  }
  vec3 mixed = clamp(blendB(mode, b.rgb, s.rgb), 0.0, 1.0);
  vec3 cs = (1.0 - ba) * s.rgb + ba * mixed;
  if (preBlend > 0.5) {
    // preBlendedSource of blendModes.ts: drawn with source-over at alpha as' it gives the composite exactly.
    gl_FragColor = sa > 0.0 ? vec4(clamp(cs, 0.0, 1.0), sa) : vec4(0.0);
    return;
  }
  gl_FragColor = vec4(clamp((sa * cs + ba * b.rgb * (1.0 - sa)) / oa, 0.0, 1.0), oa);
}
