import type { FormTexts } from '../../forms/form-texts.js';

/** The forms' words in Japanese (an address reads 郵便番号 → 都道府県 → 市区町村 → 番地). */
const JA: FormTexts = {
  parts: {
    Line1: '番地',
    Line2: '建物名・部屋番号',
    City: '市区町村',
    State: '都道府県',
    Zip: '郵便番号',
    Country: '国・地域',
    Month: '月',
    Day: '日',
    Year: '年',
    First: '名',
    Last: '姓',
    Areacode: '市外局番',
    Prefix: '市内局番',
    Line: '番号',
    Hour: '時',
    Minute: '分',
    Second: '秒',
    Ampm: '午前/午後',
  },
  partOrder: {
    name: ['Last', 'First'],
    address: ['Zip', 'State', 'City', 'Line1', 'Line2', 'Country'],
  },
  likert: {
    '-2': 'まったくそう思わない',
    '-1': 'そう思わない',
    '0': 'どちらでもない',
    '1': 'そう思う',
    '2': 'とてもそう思う',
  },
  selectValue: '選択してください',
  submit: '送信する',
  submitting: '送信中…',
  saving: '保存中…',
  loading: '読み込み中…',
  close: '閉じる',
  honeypot: 'この欄は空欄のままにしてください',
  captchaIdle: 'このフォームはスパム対策で保護されています。',
  captchaWorking: '確認しています…',
  captchaDone: '確認しました',
  captchaFailed: '確認できませんでした。もう一度お試しください。',
};

export default JA;
