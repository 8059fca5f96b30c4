/**
 * The task-flow machine with the app's real effects (upload, submit, query, download, the content-safety
 * steps, server-side cancel): one definition for every hook and helper that runs a task in the browser.
 */
import { fromPromise } from 'xstate';
import { taskFlowMachine } from '../../machines/taskFlow.machine';
import { cancelTasks, downloadResult, queryTasks, submitTask, uploadFiles } from '../api/apiClient';
import { contentSafetyActors } from '../contentSafety/flowServices';

export const liveTaskFlowMachine = taskFlowMachine.provide({
  actors: {
    ...contentSafetyActors,
    upload: fromPromise(({ input, signal }) => uploadFiles(input, signal)),
    submit: fromPromise(({ input, signal }) => submitTask(input, signal)),
    query: fromPromise(({ input, signal }) => queryTasks(input, signal)),
    download: fromPromise(({ input, signal }) => downloadResult(input.url, signal)),
  },
  actions: { cancelServerTasks: (_, params) => cancelTasks(params.taskIds) },
});
