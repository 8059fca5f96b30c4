/** Every string of one language (base file + feature sections), built into its own chunk. */
import base from '../../locales/tr.json';
import { mergeSections, type Messages } from './merge';

const sections = import.meta.glob<Messages>('../../locales/sections/*/tr.json', { eager: true, import: 'default' });
export default mergeSections(base, sections);
