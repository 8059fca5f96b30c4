/**
 * A test set for language detection: short prompts of the kind users type into an image generator or editor,
 * written for this project (not taken from any corpus), each with the ISO 639-3 code detection must answer.
 * It covers English and the other interface languages of engine/spec/locales.ts (Chinese in both scripts,
 * which both answer 'zho'), plus Korean.
 */

export interface LabelledPrompt {
  /** Interface language the prompt is written in ('zh-tw' = Traditional Chinese). */
  lang: string;
  /** Expected ISO 639-3 answer. */
  code: string;
  text: string;
}

const SETS: Record<string, { code: string; prompts: string[] }> = {
  en: {
    code: 'eng',
    prompts: [
      'a cat astronaut in watercolor',
      'remove the background',
      'happy birthday',
      'vintage poster style',
      'make the sky more blue and add some clouds',
      'turn this photo into an oil painting',
      'a girl in a red dress walking in the rain in Tokyo',
      'replace the red car with a bicycle',
      'sunset over the mountains',
      'cute dog wearing sunglasses on the beach',
      'make it brighter',
      'cyberpunk city at night, neon lights',
      'a bowl of ramen, studio lighting, 4k',
      'product photo of a perfume bottle on marble',
      'blur the background',
      'remove the people behind me',
      'anime style portrait of a young man',
      'change my shirt to a black suit',
      'a cozy cabin in the snowy forest',
      'logo for a coffee shop, minimalist',
      'old photo restoration',
      'add a rainbow in the sky',
      'pixel art dragon',
      'a watercolor painting of a lighthouse by the sea',
    ],
  },
  zh: {
    code: 'zho',
    prompts: ['一只戴墨镜的猫', '去掉背景', '把天空变得更蓝', '水彩风格的城市夜景', '生日快乐', '把这张照片变成油画', '穿红裙子的女孩在雨中漫步'],
  },
  'zh-tw': {
    code: 'zho',
    prompts: ['一隻戴墨鏡的貓', '移除背景', '把天空變得更藍', '復古海報風格', '將這張照片轉換成油畫', '夜晚的霓虹燈城市', '幫我把舊照片修復'],
  },
  ja: {
    code: 'jpn',
    prompts: [
      'サングラスをかけた猫',
      '背景を削除して',
      '空をもっと青くしてください',
      '水彩画風の桜並木',
      '誕生日おめでとう',
      'この写真を油絵にして',
      '雨の中を歩く赤いドレスの女の子',
    ],
  },
  ko: {
    code: 'kor',
    prompts: [
      '선글라스를 쓴 고양이',
      '배경을 지워 주세요',
      '하늘을 더 파랗게 만들어 줘',
      '수채화 스타일의 바다 풍경',
      '생일 축하해',
      '이 사진을 유화로 바꿔 줘',
      '비 오는 날 빨간 드레스를 입은 소녀',
    ],
  },
  th: {
    code: 'tha',
    prompts: ['แมวใส่แว่นกันแดด', 'ลบพื้นหลัง', 'ทำให้ท้องฟ้าสีฟ้ามากขึ้น', 'ภาพวาดสีน้ำของภูเขา', 'สุขสันต์วันเกิด', 'เปลี่ยนรูปนี้เป็นภาพสีน้ำมัน', 'ผู้หญิงใส่ชุดสีแดงเดินกลางสายฝน'],
  },
  es: {
    code: 'spa',
    prompts: [
      'un gato con gafas de sol',
      'quitar el fondo',
      'haz el cielo más azul y añade algunas nubes',
      'convierte esta foto en una pintura al óleo',
      'feliz cumpleaños',
      'reemplaza el coche rojo por una bicicleta',
      'una chica con un vestido rojo caminando bajo la lluvia',
    ],
  },
  pt: {
    code: 'por',
    prompts: [
      'remover o fundo',
      'um gato com óculos de sol',
      'deixe o céu mais azul',
      'transforme esta foto em uma pintura a óleo',
      'feliz aniversário',
      'uma menina de vestido vermelho andando na chuva',
      'estilo aquarela de uma praia tropical',
    ],
  },
  fr: {
    code: 'fra',
    prompts: [
      'un chat avec des lunettes de soleil',
      'supprimer l’arrière-plan',
      'rends le ciel plus bleu',
      'transforme cette photo en peinture à l’huile',
      'joyeux anniversaire',
      'une fille en robe rouge qui marche sous la pluie',
      'style aquarelle d’un village de montagne',
    ],
  },
  de: {
    code: 'deu',
    prompts: [
      'eine Katze mit Sonnenbrille',
      'Hintergrund entfernen',
      'mach den Himmel blauer',
      'verwandle dieses Foto in ein Ölgemälde',
      'alles Gute zum Geburtstag',
      'ein Mädchen im roten Kleid, das im Regen spaziert',
      'Aquarell einer Berglandschaft im Winter',
    ],
  },
  it: {
    code: 'ita',
    prompts: [
      'un gatto con gli occhiali da sole',
      'rimuovi lo sfondo',
      'rendi il cielo più azzurro',
      'sostituisci l’auto rossa con una bicicletta',
      'buon compleanno',
      'stile poster vintage',
      'una ragazza con un vestito rosso che cammina sotto la pioggia',
    ],
  },
  ru: {
    code: 'rus',
    prompts: [
      'кот в солнечных очках',
      'удалить фон',
      'сделай небо более голубым',
      'превратить фото в картину маслом',
      'с днём рождения',
      'девушка в красном платье под дождём',
      'акварельный пейзаж с горами',
    ],
  },
  tr: {
    code: 'tur',
    prompts: [
      'güneş gözlüklü bir kedi',
      'arka planı kaldır',
      'gökyüzünü daha mavi yap',
      'bu fotoğrafı yağlı boya tabloya çevir',
      'doğum günün kutlu olsun',
      'yağmurda yürüyen kırmızı elbiseli bir kız',
      'suluboya tarzında bir deniz manzarası',
    ],
  },
  vi: {
    code: 'vie',
    prompts: [
      'một con mèo đeo kính râm',
      'xóa phông nền',
      'làm cho bầu trời xanh hơn',
      'biến bức ảnh này thành tranh sơn dầu',
      'chúc mừng sinh nhật',
      'cô gái mặc váy đỏ đi dưới mưa',
      'phong cách màu nước của một bãi biển',
    ],
  },
  id: {
    code: 'ind',
    prompts: [
      'kucing memakai kacamata hitam',
      'hapus latar belakang',
      'buat langit lebih biru',
      'ubah foto ini menjadi lukisan cat minyak',
      'selamat ulang tahun',
      'gaya poster jadul',
      'seorang gadis bergaun merah berjalan di tengah hujan',
    ],
  },
};

/** Every prompt of the set, English first. */
export const PROMPT_SET: readonly LabelledPrompt[] = Object.entries(SETS).flatMap(([lang, { code, prompts }]) => prompts.map((text) => ({ lang, code, text })));

/**
 * One-word prompts, kept apart: no detector can be sure of a single word, and detection deliberately leans to
 * English there (see detectors.ts). The foreign words are all the ones probed while choosing that rule.
 */
export const ONE_WORD_PROMPTS: readonly LabelledPrompt[] = [
  ...[
    'logo',
    'sunset',
    'cat',
    'portrait',
    'dragon',
    'watercolor',
    'bokeh',
    'selfie',
    'wallpaper',
    'flowers',
    'cyberpunk',
    'castle',
    'astronaut',
    'robot',
    'anime',
    '4k',
  ].map((text) => ({ lang: 'en', code: 'eng', text })),
  ...(
    [
      ['es', 'spa', 'gato'],
      ['es', 'spa', 'fondo'],
      ['es', 'spa', 'paisaje'],
      ['es', 'spa', 'atardecer'],
      ['es', 'spa', 'acuarela'],
      ['de', 'deu', 'Katze'],
      ['de', 'deu', 'Hintergrund'],
      ['de', 'deu', 'Landschaft'],
      ['de', 'deu', 'Sonnenuntergang'],
      ['de', 'deu', 'Aquarell'],
      ['it', 'ita', 'sfondo'],
      ['it', 'ita', 'paesaggio'],
      ['it', 'ita', 'tramonto'],
      ['it', 'ita', 'acquerello'],
      ['fr', 'fra', 'paysage'],
      ['fr', 'fra', 'aquarelle'],
      ['pt', 'por', 'coração'],
      ['vi', 'vie', 'mèo'],
      ['id', 'ind', 'kucing'],
      ['id', 'ind', 'pemandangan'],
      ['tr', 'tur', 'manzara'],
      ['tr', 'tur', 'suluboya'],
    ] as const
  ).map(([lang, code, text]) => ({ lang, code, text })),
];
