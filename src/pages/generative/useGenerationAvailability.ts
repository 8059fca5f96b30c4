/** Asks once whether this server runs `taskType` (see api/generationApi.ts); 'unknown' until it answers. */
import { useEffect, useState } from 'react';
import type { TaskType } from '../../../engine/spec/taskTypes';
import { generationAvailability, type GenerationAvailability } from '../../api/generationApi';

export function useGenerationAvailability(taskType: TaskType): GenerationAvailability {
  const [answer, setAnswer] = useState<GenerationAvailability>('unknown');
  useEffect(() => {
    let live = true;
    void generationAvailability(taskType).then((next) => {
      if (live) setAnswer(next);
    });
    return () => {
      live = false;
    };
  }, [taskType]);
  return answer;
}
