/**
 * A SliderField with a gesture of its own. Sliders must not share one: pressing a second slider
 * blurs the first, and that blur would end the gesture the press has just begun, so every move
 * of the drag would become its own undo step.
 */
import type { ComponentProps } from 'react';
import { SliderField } from '../props/SliderField';
import { useGesture, type Gesture } from '../props/useGesture';

type Props = Omit<ComponentProps<typeof SliderField>, 'gesture' | 'onChange'> & {
  /** Write through `gesture` (gesture.exec / writer.update(…, gesture)) so a drag is one step. */
  onChange(value: number, gesture: Gesture): void;
};

export function GestureSlider({ onChange, ...props }: Props) {
  const gesture = useGesture();
  return <SliderField {...props} gesture={gesture} onChange={(value) => onChange(value, gesture)} />;
}
