// Separable Gaussian blur, one direction per pass (SPEC §5/§9 blur). Same kernel and conventions as
// gaussianBlurRgba in engine/effects/blur.ts: σ = `sigma` px, taps −⌈3σ⌉..⌈3σ⌉ weighted exp(−i²/2σ²) and
// normalised, edges clamp (CLAMP_TO_EDGE + NEAREST at texel centres), colour blurred premultiplied so
// transparent pixels do not bleed black. Run horizontal with premultiplyInput = 1, unpremultiplyOutput = 0,
// then vertical with 0 and 1 (the intermediate is premultiplied; a float target keeps it exact).
precision highp float;
varying vec2 uv;
uniform sampler2D t;
uniform vec2 direction;           // one texel step in uv: (1/width, 0) or (0, 1/height)
uniform float sigma;              // 0.. 32 (validated on the CPU side); 0 copies the input
uniform float premultiplyInput;   // 1: the input is straight alpha
uniform float unpremultiplyOutput; // 1: write straight alpha

const int MAX_HALF = 96;          // ⌈3 × 32⌉

vec4 tap(vec2 at) {
  vec4 c = texture2D(t, at);
  return premultiplyInput > 0.5 ? vec4(c.rgb * c.a, c.a) : c;
}

void main() {
  vec4 sum = tap(uv);
  if (sigma > 0.0) {
    float reach = ceil(sigma * 3.0);
    // Incremental Gaussian (GPU Gems 3, ch. 40): w(i+1) = w(i)·q(i), q(i+1) = q(i)·q², from
    // exp(−(i+1)²/2σ²) = exp(−i²/2σ²)·exp(−(2i+1)/2σ²) — no exp() per tap.
    float q2 = exp(-1.0 / (sigma * sigma));
    float q = exp(-0.5 / (sigma * sigma));
    float w = 1.0;
    float norm = 1.0;
    for (int i = 1; i <= MAX_HALF; i++) {
      float fi = float(i);
      if (fi > reach) break;
      w *= q;
      q *= q2;
      norm += 2.0 * w;
      sum += w * (tap(uv + direction * fi) + tap(uv - direction * fi));
    }
    sum /= norm;
  }
  if (unpremultiplyOutput > 0.5) {
    sum = sum.a > 0.0 ? vec4(sum.rgb / sum.a, sum.a) : vec4(0.0);
  }
  gl_FragColor = clamp(sum, 0.0, 1.0);
}
