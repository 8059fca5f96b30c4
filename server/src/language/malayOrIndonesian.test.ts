import { describe, expect, it } from 'vitest';
import { createLanguageDetector } from './detectLanguage';
import type { DetectorLoader } from './detectors';
import { allIndonesianWords, indonesianLexiconAvailable, isIndonesianWord } from './indonesianLexicon';
import { malayOrIndonesian, malayOrIndonesianMarker } from './malayOrIndonesian';

const fixed = (name: string, code: string): DetectorLoader => ({ name, load: async () => () => [code] });

describe('Indonesian vs Malay (issue 13)', () => {
  it.each([
    ['boleh saya pinjam kereta awak', 'msa'],
    ['gambar ini percuma sahaja kerana hadiah', 'msa'],
    ['bas merah daripada Kuala Lumpur', 'msa'],
    ['tetapan kata laluan', 'msa'],
    ['kualiti gambar tinggi', 'msa'],
    ['kamu bisa pakai mobil saja', 'ind'],
    ['gratis karena hadiah dari teman', 'ind'],
    ['bis kota di Jakarta', 'ind'],
    ['kata sandi pengaturan', 'ind'],
    ['kualitas gambar tinggi', 'ind'],
    // Marker words from the Malay translations of command-line programs (scripts/listMalayMarkers.ts).
    ['jadual waktu kelas', 'msa'],
    ['tiada gambar semasa hujan', 'msa'],
    ['sama ada merah atau biru', 'msa'],
    // Round 5: offices, borders, electricity, Malay loan spellings and interface words.
    ['Pejabat Pos', 'msa'],
    ['Sempadan Pentadbiran', 'msa'],
    ['Tiang Elektrik', 'msa'],
    ['Pusat Kitar Semula', 'msa'],
    ['Mesin Layan Diri', 'msa'],
    ['Tunjuk peratusan bateri', 'msa'],
    ['Mod Dedahan', 'msa'],
    ['Lajur teks', 'msa'],
    ['kebolehsampaian', 'msa'],
    ['Kantor Pos', 'ind'],
    ['Pusat Daur Ulang', 'ind'],
    ['Tampilkan persentase baterai', 'ind'],
  ])('tells %j by its marker words and endings → %s', (text, code) => {
    expect(malayOrIndonesian(text)).toBe(code);
  });

  it('falls back to Indonesian (a product language) when only shared words are used', () => {
    expect(malayOrIndonesian('kenapa kucing merah')).toBe('ind');
    expect(malayOrIndonesian('anak perempuan di tengah hujan')).toBe('ind');
  });

  it('lets only words no third language writes overrule a detector that named one', () => {
    // "hospital" is Spanish too, "kualiti" could be an Italian-looking ending: not enough against a Spanish vote.
    expect(malayOrIndonesianMarker('hospital grande')).toBeNull();
    expect(malayOrIndonesianMarker('kereta bomba')).toBe('msa');
    // Turkish writes "elektrik" too.
    expect(malayOrIndonesianMarker('elektrik süpürgesi')).toBeNull();
    expect(malayOrIndonesianMarker('Tiang Elektrik', false)).toBe('msa');
  });
});

describe.skipIf(!indonesianLexiconAvailable())('Indonesian word list (Debian hunspell-id)', () => {
  it('knows stems and derived forms', () => {
    for (const word of ['bola', 'kristal', 'berputar', 'memancing', 'tergulung', 'kura-kura', 'pakaian']) expect(isIndonesianWord(word), word).toBe(true);
    for (const word of ['girl', 'ragazza', 'katze', 'zorblat']) expect(isIndonesianWord(word), word).toBe(false);
  });

  it('needs every word, and no foreign function word', () => {
    expect(allIndonesianWords('bola kristal')).toBe(true);
    expect(allIndonesianWords('tanda ATM')).toBe(true);
    expect(allIndonesianWords('bola de cristal')).toBe(false);
    expect(allIndonesianWords('la testa')).toBe(false);
  });

  it('places short Indonesian prompts the n-gram detectors send elsewhere', async () => {
    const slovak = createLanguageDetector([fixed('a', 'sk'), fixed('b', 'sk'), fixed('c', 'de')]);
    expect(await slovak.guess('bola kristal')).toEqual({ lanCode: 'ind', sure: true });
    expect(await slovak.guess('kurung kurawal buka')).toEqual({ lanCode: 'ind', sure: true });
    expect(await slovak.guess('kereta lumba merah')).toEqual({ lanCode: 'msa', sure: true });
    // Letters Indonesian never writes keep the detectors' answer.
    expect(await slovak.guess('krásná kočka')).toEqual({ lanCode: 'slk', sure: true });
  });
});
