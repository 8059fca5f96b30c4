// Colour lookup filter (SPEC §3 Filter, lookup form). `lut` is a 64³ table in the 512×512 "8×8 tiles" layout
// of engine/effects/filters/lut.ts: entry (r, g, b) at tile (b mod 8, ⌊b/8⌋), red along x, green along y.
// Trilinear like applyLut: position = byte × 63/255 per channel, the 8 surrounding entries fetched NEAREST and
// mixed by the fractions; then out = in + (lut − in) × strength/100; alpha kept.
precision highp float;
varying vec2 uv;
uniform sampler2D t;
uniform sampler2D lut;
uniform float strength; // 0..100

vec3 entry(float r, float g, float b) {
  float x = mod(b, 8.0) * 64.0 + r;
  float y = floor(b / 8.0) * 64.0 + g;
  return texture2D(lut, (vec2(x, y) + 0.5) / 512.0).rgb;
}

void main() {
  vec4 c = texture2D(t, uv);
  // Work on the byte value so the cell and fractions are those of the CPU path.
  vec3 f = floor(c.rgb * 255.0 + 0.5) * (63.0 / 255.0);
  vec3 lo = min(floor(f), 63.0);
  vec3 hi = min(lo + 1.0, 63.0);
  vec3 d = f - lo;
  vec3 x00 = mix(entry(lo.r, lo.g, lo.b), entry(hi.r, lo.g, lo.b), d.r);
  vec3 x10 = mix(entry(lo.r, hi.g, lo.b), entry(hi.r, hi.g, lo.b), d.r);
  vec3 x01 = mix(entry(lo.r, lo.g, hi.b), entry(hi.r, lo.g, hi.b), d.r);
  vec3 x11 = mix(entry(lo.r, hi.g, hi.b), entry(hi.r, hi.g, hi.b), d.r);
  vec3 v = mix(mix(x00, x10, d.g), mix(x01, x11, d.g), d.b);
  float s = clamp(strength / 100.0, 0.0, 1.0);
  gl_FragColor = vec4(mix(c.rgb, v, s), c.a);
}
