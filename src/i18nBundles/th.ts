/** Every string of one language (base file + feature sections), built into its own chunk. */
import base from '../../locales/th.json';
import { mergeSections, type Messages } from './merge';

const sections = import.meta.glob<Messages>('../../locales/sections/*/th.json', { eager: true, import: 'default' });
export default mergeSections(base, sections);
