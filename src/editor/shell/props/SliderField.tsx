/**
 * A labelled range slider with its value shown; a pointer drag is one undo step (useGesture),
 * each keyboard step its own.
 */
import { useId } from 'react';
import type { Gesture } from './useGesture';

interface Props {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  /** How the value reads next to the slider (e.g. "80 %"). */
  format?(value: number): string;
  gesture: Gesture;
  gestureLabel: string;
  onChange(value: number): void;
  testId?: string;
}

export function SliderField({ label, value, min, max, step = 1, format, gesture, gestureLabel, onChange, testId }: Props) {
  const id = useId();
  const end = () => gesture.end(id);
  return (
    <div className="ed-field ed-slider">
      <div className="ed-field__row">
        <label htmlFor={id} className="ed-field__label">
          {label}
        </label>
        <output htmlFor={id} className="ed-field__value">
          {format ? format(value) : value}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        data-testid={testId}
        onPointerDown={() => gesture.begin(gestureLabel, id)}
        onPointerUp={end}
        onPointerCancel={end}
        onBlur={end}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </div>
  );
}
