import type { SubscriptionWords } from '../../product/rules-subscription.js';

/** SPEC 9.2's subscription price phrases in Japanese: '3か月ごとに $58.50（1年間）', '毎月 $20.00'. */
const JA: SubscriptionWords = {
  priceText: '{period} {price}',
  limitedText: '{period} {price}（{duration}）',
  everyWeek: '毎週',
  everyWeeks: '{n}週間ごとに',
  everyMonth: '毎月',
  everyMonths: '{n}か月ごとに',
  everyYear: '毎年',
  everyYears: '{n}年ごとに',
  week: '1週間',
  weeks: '{n}週間',
  month: '1か月間',
  months: '{n}か月間',
  year: '1年間',
  years: '{n}年間',
  unavailable: '現在ご購入いただけません',
  oneTimePurchase: '通常購入: {price}',
};

export default JA;
