// Photo adjustments (SPEC §3/§9), steps 1–15 of engine/effects/cpuAdjust.ts in the same order with the same
// formulas; the CPU file is the reference. Uniforms come from adjustUniforms() (engine/effects/adjustUniforms.ts);
// a neutral value skips its step, so an all-neutral pass writes its input back unchanged. Colours are straight
// alpha 0..1, clamped after every step; alpha is copied. Step 0 (blur) is a separate blur.frag pre-pass.
//  1 sharpen    c += s (I − Bs)            2 structure  c += k (I − Bm)
//  3 clarity    c += k (luma I − luma Bl)(1 − (2 luma I − 1)²)
//  4 glow       g > 0: 1 − (1 − c)(1 − g Bl);  g < 0: c (1 + g (1 − Bl))
//  5 exposure   c ·= 2^e     6 brightness c += b     7 contrast (c − 0.5) k + 0.5
//  8 shadow     c += s (1 − luma c)²       9 highlight c += 0.5 h (luma c)²
// 10 tem/tint   r += 0.15 t, b −= 0.15 t, g −= 0.15 n
// 11 saturation L + (c − L) s             12 vibrance L + (c − L)(1 + v (1 − (max − min)))
// 13 vignette   mix(c, colour, amount · smoothstep(start, 1, |uv − 0.5| / √0.5))
// 14 grain      c += G · noise(x, y)      15 pgrain c += amount · pnoise(x, y) · (1 − (1 − highlights) luma c)
// (x, y): pixel of the WHOLE image, y = 0 the top row (targets keep row 0 = top), so tiles line up.
// Specialisation: the renderer may prepend `#define SPECIALIZED` plus one USE_<STEP> per active step, so a
// software rasteriser does not walk the unused ones; without SPECIALIZED every step is compiled in (each still
// skips itself at its neutral value), which is what gl-react or any other host gets.
#ifndef SPECIALIZED
#define USE_SHARPEN
#define USE_STRUCTURE
#define USE_CLARITY
#define USE_GLOW
#define USE_EXPOSURE
#define USE_BRIGHTNESS
#define USE_CONTRAST
#define USE_SHADOW
#define USE_HIGHLIGHT
#define USE_TEM
#define USE_TINT
#define USE_SATURATION
#define USE_VIBRANCE
#define USE_VIGNETTE
#define USE_GRAIN
#define USE_PGRAIN
#endif
precision highp float;
varying vec2 uv;
uniform sampler2D t;          // the input image I
uniform sampler2D blurS;      // I blurred with σ sharpen   (bound when sharpen ≠ 0)
uniform sampler2D blurM;      // I blurred with σ structure (bound when structure ≠ 0)
uniform sampler2D blurL;      // I blurred with σ clarity   (bound when clarity or glow ≠ 0)
uniform sampler2D grainTex;   // the grain texture (GET /img/texture/grain.png), value in .r
uniform float grainSize;      // its side in texels (1024)
uniform vec2 imageSize;       // the whole image, px
uniform vec2 tileOrigin;      // this target's top-left pixel in the whole image
uniform float sharpen;        // 0..3
uniform float structure;      // −1.5..1.5
uniform float clarity;        // 0..1.5
uniform float glow;           // −1..1
uniform float exposure;       // −0.5..0.5
uniform float brightness;     // −1..1
uniform float contrast;       // 0.5..1.5, 1 neutral
uniform float shadow;         // −0.5..0.5
uniform float highlight;      // −1..1
uniform float tem;            // −1..1
uniform float tint;           // −1..1
uniform float saturation;     // 0..2, 1 neutral
uniform float vibrance;       // −1..1
uniform float vignetteStart;  // 0.25..0.7
uniform float vignetteAmount; // 0..1, 0 = off
uniform float vignetteColor;  // 1 white (slider below 50), 0 black
uniform float grain;          // 0..0.2
uniform float pgrainCell;     // cell px: round(size 1..4)
uniform float pgrainAmount;   // 0..0.2, 0 = off
uniform float pgrainHighlights; // 0..1
uniform float pgrainRoughness;  // 0.25..1

const float TEMPERATURE_GAIN = 0.15;
const float TINT_GAIN = 0.15;
const float HIGHLIGHT_GAIN = 0.5;
const float GRAIN_MID = 128.0;

float luma(vec3 c) { return dot(c, vec3(0.2126, 0.7152, 0.0722)); }
vec3 clamp01(vec3 c) { return clamp(c, 0.0, 1.0); }

// Noise −1..1 at texel (tx, ty), wrapped: 2 (texel − 128/255) like grainNoiseAt.
// Whole texel numbers throughout; the +0.5 keeps floor() off exact integers, where a GPU's
// approximate division could land just below and pick the previous texel or cell.
float noiseAt(float tx, float ty) {
  vec2 at = vec2(tx, ty);
  vec2 texel = at - grainSize * floor((at + 0.5) / grainSize);
  float v = texture2D(grainTex, (texel + 0.5) / grainSize).r;
  return 2.0 * (floor(v * 255.0 + 0.5) - GRAIN_MID) / 255.0;
}

void main() {
  vec4 src = texture2D(t, uv);
  vec3 I = src.rgb;
  vec3 c = I;
  vec2 px = floor(gl_FragCoord.xy) + tileOrigin;
#ifdef USE_SHARPEN
  if (sharpen != 0.0) c = clamp01(c + sharpen * (I - texture2D(blurS, uv).rgb));
#endif
#ifdef USE_STRUCTURE
  if (structure != 0.0) c = clamp01(c + structure * (I - texture2D(blurM, uv).rgb));
#endif
#ifdef USE_CLARITY
  if (clarity != 0.0) {
    float li = luma(I);
    float m = 2.0 * li - 1.0;
    c = clamp01(c + clarity * (li - luma(texture2D(blurL, uv).rgb)) * (1.0 - m * m));
  }
#endif
#ifdef USE_GLOW
  if (glow > 0.0) c = clamp01(1.0 - (1.0 - c) * (1.0 - glow * texture2D(blurL, uv).rgb));
  if (glow < 0.0) c = clamp01(c * (1.0 + glow * (1.0 - texture2D(blurL, uv).rgb)));
#endif
#ifdef USE_EXPOSURE
  if (exposure != 0.0) c = clamp01(c * exp2(exposure));
#endif
#ifdef USE_BRIGHTNESS
  if (brightness != 0.0) c = clamp01(c + brightness);
#endif
#ifdef USE_CONTRAST
  if (contrast != 1.0) c = clamp01((c - 0.5) * contrast + 0.5);
#endif
#ifdef USE_SHADOW
  if (shadow != 0.0) {
    float l = 1.0 - luma(c);
    c = clamp01(c + shadow * l * l);
  }
#endif
#ifdef USE_HIGHLIGHT
  if (highlight != 0.0) {
    float l = luma(c);
    c = clamp01(c + HIGHLIGHT_GAIN * highlight * l * l);
  }
#endif
#ifdef USE_TEM
  if (tem != 0.0) {
    c.r = clamp(c.r + TEMPERATURE_GAIN * tem, 0.0, 1.0);
    c.b = clamp(c.b - TEMPERATURE_GAIN * tem, 0.0, 1.0);
  }
#endif
#ifdef USE_TINT
  if (tint != 0.0) c.g = clamp(c.g - TINT_GAIN * tint, 0.0, 1.0);
#endif
#ifdef USE_SATURATION
  if (saturation != 1.0) {
    float l = luma(c);
    c = clamp01(l + (c - l) * saturation);
  }
#endif
#ifdef USE_VIBRANCE
  if (vibrance != 0.0) {
    float l = luma(c);
    float spread = max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b));
    c = clamp01(l + (c - l) * (1.0 + vibrance * (1.0 - spread)));
  }
#endif
#ifdef USE_VIGNETTE
  if (vignetteAmount > 0.0) {
    vec2 d = (px + 0.5) / imageSize - 0.5;
    float k = vignetteAmount * smoothstep(vignetteStart, 1.0, length(d) / sqrt(0.5));
    c = clamp01(c + (vec3(vignetteColor) - c) * k);
  }
#endif
#ifdef USE_GRAIN
  if (grain != 0.0) c = clamp01(c + grain * noiseAt(px.x, px.y));
#endif
#ifdef USE_PGRAIN
  if (pgrainAmount > 0.0) {
    vec2 f = floor((px + 0.5) / pgrainCell);
    vec2 half2 = floor((f + 0.5) / 2.0);
    float fine = noiseAt(f.x + 256.0, f.y + 768.0);
    float coarse = noiseAt(half2.x + 512.0, half2.y + 512.0);
    float weight = 1.0 - (1.0 - pgrainHighlights) * luma(c);
    c = clamp01(c + pgrainAmount * (coarse + (fine - coarse) * pgrainRoughness) * weight);
  }
#endif
  gl_FragColor = vec4(c, src.a);
}
