/** Every string of one language (base file + feature sections), built into its own chunk. */
import base from '../../locales/es.json';
import { mergeSections, type Messages } from './merge';

const sections = import.meta.glob<Messages>('../../locales/sections/*/es.json', { eager: true, import: 'default' });
export default mergeSections(base, sections);
