/**
 * Indonesian and Malay share most of their words, and the detectors (fastText above all) answer Malay for most
 * Indonesian prompts (issue 13). Indonesian is one of the product's languages (engine/spec/locales.ts) and far
 * more users write it, so a prompt goes to Indonesian unless it has a word that only Malay uses.
 */

/**
 * Words Malaysian Malay uses where Indonesian says otherwise (tak/tidak, kereta/mobil, wang/uang, …): everyday
 * words, English loans spelled the Malay way (teksi, polis, imej, fail) and the words of computer interfaces
 * (tetapan/pengaturan, muat turun/unduh). Taken from the two standard languages' known differences, not from a set.
 */
const MALAY_ONLY = new Set(
  (
    'kereta wang basikal boleh awak sahaja percuma kedai bilik polis hospital teksi bas ' +
    'kerana selepas mahu kanak kanak-kanak bapa lelaki ' +
    'maklumat beg jambatan membeli-belah nombor telefon tingkap pinggan ' +
    'daripada baharu khinzir jepun kalendar pembaris darab tuala kasut seluar ais ' +
    'aiskrim sudu jem kek biskut ' +
    'tetapan tetingkap butang fail pautan padam sijil ralat senarai lalai saiz rangkaian tarikh mesej akaun sokongan ' +
    'perkhidmatan berjaya kemaskini terkini tukar semak sila imej peranti pelayan papar paparan ' +
    'laluan mampatan dimampatkan ejen kod kualiti universiti komuniti aktiviti identiti prioriti ' +
    'peratus cuba carian pengguna-pengguna bertindih kekunci tetikus skrin komputer-komputer ubahsuai diubahsuai ' +
    // Round 3, from the two standards' known differences (software, time, food, colours, loan spellings):
    'pratonton tatal menatal penatalan imbas mengimbas tampal perisian perkakasan cakera pemacu capaian aksara pepijat ' +
    'sahkan keutamaan perihal lesen amaran isyarat minit milisaat kedudukan penjajaran menegak mengufuk bahagian ' +
    'kenderaan sifar syarikat motosikal lori doktor jururawat oren epal tembikai betik kobis cili kelabu televisyen ' +
    'automatik statik dinamik logik fizik matematik muzik ogos julai disember eropah ketepuan penapis stoking ' +
    // Round 4, from a Malay source (scripts/listMalayMarkers.ts: the Malay translations of coreutils, tar, gawk,
    // Linux-PAM … that Indonesian neither writes there nor has in its dictionary; abbreviations and typos dropped):
    'opsyen jadual arkib rekod berbeza perbezaan nombor penghurai menghurai jawapan hakmilik pembolehubah katalaluan ' +
    'kapsyen cubaan tatasusunan rosak ditukarnama menukarnama termampat kaedah namalain emel nyahenkripsi purata ' +
    'namahos menentusahkan nyahmampatan kendiri seksyen bolehlaksana ' +
    // and from the standards' known differences: tiada (I. tidak ada), semasa (I. saat/selama), mengikut (I. menurut),
    // dijangka (I. diperkirakan), persediaan (I. persiapan), tukarnama (I. ganti nama).
    'tiada semasa mengikut dijangka persediaan tukarnama ' +
    // Round 5, from the standards' known differences (offices, borders, electricity, loans spelled the Malay way):
    // pejabat (I. kantor), akhbar (I. koran), insurans (I. asuransi), sempadan (I. perbatasan), pentadbiran
    // (I. administrasi), talian (I. saluran), elektrik (I. listrik), kitar semula (I. daur ulang), misai (I. kumis),
    // dobi (I. binatu), bateri (I. baterai), peratusan (I. persentase), kejiranan (I. lingkungan), takrif
    // (I. definisi), zon (I. zona), and software words: gelintar (I. telusur), pemecut (I. akselerator), talam
    // (I. baki), gelongsor (I. geser), keamatan (I. intensitas), pelihat (I. penampil).
    'pejabat akhbar insurans sempadan pentadbiran talian elektrik kitar misai dobi bateri peratusan kejiranan takrif ' +
    'ditakrif ditakrifkan zon gelintar pemecut talam gelongsor keamatan pelihat ' +
    // lajur (I. kolom), dedahan (I. pencahayaan), tajuk (I. judul), ubah suai (I. modifikasi), timbul-atas
    // (I. sembul), dwi-klik (I. klik ganda), ulang hidup (I. mulai ulang), memindah (I. memindahkan), tebat
    // (I. sekat), pencawang (I. gardu), geronggang (I. berongga), mod (I. mode).
    'lajur dedahan tajuk suai timbul-atas dwi-klik ulanghidup memindah tebat pencawang geronggang mod'
  ).split(' '),
);
/** Words only Indonesian uses. */
const INDONESIAN_ONLY = new Set(
  (
    'mobil uang sepeda bisa kamu saja gratis kantor toko kamar polisi taksi bus bis karena ' +
    'mau anak-anak bapak ibu pria informasi tas jembatan nomor telepon kacamata jendela piring banget ' +
    'kalender penggaris handuk sepatu celana kulkas sore besok kemarin cangkir sendok ' +
    'wajan selai kue pengaturan tombol tautan sertifikat galat ' +
    'akun dukungan layanan perbarui diperbarui ' +
    'perangkat peladen tampilkan tampilan sandi kode kualitas universitas komunitas aktivitas identitas ' +
    'prioritas persen coba unduh unggah diunduh diunggah layar ' +
    'pratinjau gulir situs pindai tempel bawaan karakter lisensi peringatan sinyal menit detik milidetik posisi ' +
    'vertikal horizontal bagian kendaraan perusahaan pemerintah bandara dokter perawat jeruk apel semangka pepaya ' +
    'wortel cabai permen cokelat abu-abu efek nonaktif nonaktifkan preferensi konfirmasi otomatis statis dinamis ' +
    'logis fisika matematika musik agustus maret juli juni desember eropa'
  ).split(' '),
);
const MALAY_PAIRS = new Set(['muat turun', 'muat naik', 'kata laluan', 'tengah hari', 'peti sejuk', 'sama ada', 'layan diri', 'kitar semula']);
const INDONESIAN_PAIRS = new Set(['kata sandi', 'papan ketik']);
/**
 * Marker words that other languages also write (Spanish "hospital", German "Kalender", Turkish "polis", Dutch
 * "tas"), and every word of four letters or less: they split Malay from Indonesian once the detectors said one of
 * the two, but do not overrule a detector that named a third language.
 */
const SHARED_ELSEWHERE = new Set(
  (
    'hospital telefon kalender kalendar mobil informasi polis polisi taksi teksi universitas universiti komputer ' +
    'pesan cuba sila kasut biskut krim layar ganti coba kantor kamar daftar galat tombol ' +
    'horizontal vertikal doktor musik logik matematik matematika dinamik statik fizik automatik karakter sinyal ' +
    'desember juli juni tempel lesen logis apel statis minit menit elektrik'
  ).split(' '),
);
/**
 * Endings of Latin loans the two spell differently (Malay kualiti, televisyen; Indonesian kualitas), and Malay's
 * prefixes nyah- ("undo": nyahpasang, nyahaktif) and keboleh- ("-ability": kebolehsampaian), which Indonesian
 * does not have.
 */
const MALAY_ENDING = /(?:iti|syen)$|^nyah\p{L}{4,}|^keboleh\p{L}{4,}/u;
const INDONESIAN_ENDING = /itas$/u;

/**
 * 'msa' or 'ind' when the text has a word only one of them uses (more of one than of the other), else null.
 * `overrulingAnother` (default): the answer may overrule a detector that named a third language ("kereta bomba"
 * → Hungarian), so only words no other language writes count (see {@link SHARED_ELSEWHERE}); false: the
 * detectors already said Malay or Indonesian, and every marker word and ending counts.
 */
export function malayOrIndonesianMarker(text: string, overrulingAnother = true): 'ind' | 'msa' | null {
  const { malay, indonesian } = countMarkers(text, overrulingAnother);
  return malay > indonesian ? 'msa' : indonesian > malay ? 'ind' : null;
}

function countMarkers(text: string, overrulingAnother: boolean): { malay: number; indonesian: number } {
  let malay = 0;
  let indonesian = 0;
  const words = text.toLowerCase().match(/[\p{L}-]+/gu) ?? [];
  for (const [i, word] of words.entries()) {
    if (overrulingAnother && (word.length <= 4 || SHARED_ELSEWHERE.has(word))) continue;
    // Two-word forms ("muat turun", "kata laluan") count as one marker.
    const pair = i + 1 < words.length ? `${word} ${words[i + 1]}` : '';
    if (MALAY_ONLY.has(word) || MALAY_PAIRS.has(pair)) malay++;
    else if (INDONESIAN_ONLY.has(word) || INDONESIAN_PAIRS.has(pair)) indonesian++;
    // Endings are shared too (Italian "vestiti", Spanish "fiestas"): only between Malay and Indonesian.
    else if (!overrulingAnother && word.length > 5 && MALAY_ENDING.test(word)) malay++;
    else if (!overrulingAnother && word.length > 6 && INDONESIAN_ENDING.test(word)) indonesian++;
  }
  return { malay, indonesian };
}

/**
 * 'msa' when the text has more Malay-only than Indonesian-only words, else 'ind'.
 * @example malayOrIndonesian('kereta merah di jalan') // 'msa'
 * @example malayOrIndonesian('kucing memakai kacamata hitam') // 'ind'
 */
export function malayOrIndonesian(text: string): 'ind' | 'msa' {
  return malayOrIndonesianMarker(text, false) ?? 'ind';
}
