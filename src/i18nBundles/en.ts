/** Every string of one language (base file + feature sections), built into its own chunk. */
import base from '../../locales/en.json';
import { mergeSections, type Messages } from './merge';

const sections = import.meta.glob<Messages>('../../locales/sections/*/en.json', { eager: true, import: 'default' });
export default mergeSections(base, sections);
