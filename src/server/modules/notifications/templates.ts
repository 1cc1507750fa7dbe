import { formatMoney, fromDecimalString } from '../../../core/money';

export type Locale = 'fr' | 'en' | 'es';

/** What each template needs; amounts are decimal strings ("1250.00") as everywhere on the wire. */
export interface TemplateParams {
  password_reset: { url: string };
  deposit_approved: { amount: string };
  deposit_rejected: { amount: string; reason?: string };
  withdrawal_approved: { amount: string; crypto: string };
  withdrawal_rejected: { amount: string; reason?: string };
  account_frozen: { supportEmail: string };
  account_unfrozen: { supportEmail: string };
}

export type TemplateName = keyof TemplateParams;
export const templateNames = ['password_reset', 'deposit_approved', 'deposit_rejected', 'withdrawal_approved', 'withdrawal_rejected', 'account_frozen', 'account_unfrozen'] as const satisfies readonly TemplateName[];

interface Rendered {
  subject: string;
  text: string;
}

type Texts = { [T in TemplateName]: (p: TemplateParams[T] & { money: string }) => Rendered };

const reason = (label: string, r?: string) => (r ? `\n${label} ${r}` : '');

const texts: Record<Locale, Texts> = {
  fr: {
    password_reset: (p) => ({
      subject: 'Réinitialisation de votre mot de passe',
      text: `Bonjour,\n\nPour choisir un nouveau mot de passe, ouvrez ce lien (valable 1 heure) :\n${p.url}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message.\n\nAtlas Invest`,
    }),
    deposit_approved: (p) => ({
      subject: 'Dépôt approuvé',
      text: `Bonjour,\n\nVotre dépôt de ${p.money} a été approuvé et crédité sur votre solde.\n\nAtlas Invest`,
    }),
    deposit_rejected: (p) => ({
      subject: 'Dépôt rejeté',
      text: `Bonjour,\n\nVotre dépôt de ${p.money} a été rejeté.${reason('Motif :', p.reason)}\n\nAtlas Invest`,
    }),
    withdrawal_approved: (p) => ({
      subject: 'Retrait approuvé',
      text: `Bonjour,\n\nVotre retrait de ${p.money} en ${p.crypto} a été approuvé. Les fonds seront envoyés sous 24-48h.\n\nAtlas Invest`,
    }),
    withdrawal_rejected: (p) => ({
      subject: 'Retrait rejeté',
      text: `Bonjour,\n\nVotre retrait de ${p.money} a été rejeté et le montant est revenu sur votre solde disponible.${reason('Motif :', p.reason)}\n\nAtlas Invest`,
    }),
    account_frozen: (p) => ({
      subject: 'Votre compte est gelé',
      text: `Bonjour,\n\nVotre compte a été gelé par notre équipe. Tant qu'il l'est, les transferts, les demandes de retrait et les nouveaux investissements sont suspendus ; vos dépôts restent possibles.\n\nPour en savoir plus, écrivez au support : ${p.supportEmail}\n\nAtlas Invest`,
    }),
    account_unfrozen: (p) => ({
      subject: 'Votre compte est dégelé',
      text: `Bonjour,\n\nVotre compte n'est plus gelé : transferts, retraits et investissements sont de nouveau possibles.\n\nUne question ? ${p.supportEmail}\n\nAtlas Invest`,
    }),
  },
  en: {
    password_reset: (p) => ({
      subject: 'Reset your password',
      text: `Hello,\n\nTo choose a new password, open this link (valid for 1 hour):\n${p.url}\n\nIf you did not ask for this, ignore this message.\n\nAtlas Invest`,
    }),
    deposit_approved: (p) => ({ subject: 'Deposit approved', text: `Hello,\n\nYour deposit of ${p.money} was approved and credited to your balance.\n\nAtlas Invest` }),
    deposit_rejected: (p) => ({ subject: 'Deposit rejected', text: `Hello,\n\nYour deposit of ${p.money} was rejected.${reason('Reason:', p.reason)}\n\nAtlas Invest` }),
    withdrawal_approved: (p) => ({
      subject: 'Withdrawal approved',
      text: `Hello,\n\nYour withdrawal of ${p.money} in ${p.crypto} was approved. The funds will be sent within 24-48h.\n\nAtlas Invest`,
    }),
    withdrawal_rejected: (p) => ({
      subject: 'Withdrawal rejected',
      text: `Hello,\n\nYour withdrawal of ${p.money} was rejected and the amount is back in your available balance.${reason('Reason:', p.reason)}\n\nAtlas Invest`,
    }),
    account_frozen: (p) => ({
      subject: 'Your account is frozen',
      text: `Hello,\n\nOur team has frozen your account. While it is frozen, transfers, withdrawal requests and new investments are suspended; deposits remain possible.\n\nTo find out more, write to support: ${p.supportEmail}\n\nAtlas Invest`,
    }),
    account_unfrozen: (p) => ({
      subject: 'Your account is no longer frozen',
      text: `Hello,\n\nYour account is no longer frozen: transfers, withdrawals and investments are possible again.\n\nA question? ${p.supportEmail}\n\nAtlas Invest`,
    }),
  },
  es: {
    password_reset: (p) => ({
      subject: 'Restablecer su contraseña',
      text: `Hola:\n\nPara elegir una nueva contraseña, abra este enlace (válido durante 1 hora):\n${p.url}\n\nSi usted no lo solicitó, ignore este mensaje.\n\nAtlas Invest`,
    }),
    deposit_approved: (p) => ({ subject: 'Depósito aprobado', text: `Hola:\n\nSu depósito de ${p.money} fue aprobado y acreditado en su saldo.\n\nAtlas Invest` }),
    deposit_rejected: (p) => ({ subject: 'Depósito rechazado', text: `Hola:\n\nSu depósito de ${p.money} fue rechazado.${reason('Motivo:', p.reason)}\n\nAtlas Invest` }),
    withdrawal_approved: (p) => ({
      subject: 'Retiro aprobado',
      text: `Hola:\n\nSu retiro de ${p.money} en ${p.crypto} fue aprobado. Los fondos se enviarán en 24-48h.\n\nAtlas Invest`,
    }),
    withdrawal_rejected: (p) => ({
      subject: 'Retiro rechazado',
      text: `Hola:\n\nSu retiro de ${p.money} fue rechazado y el monto volvió a su saldo disponible.${reason('Motivo:', p.reason)}\n\nAtlas Invest`,
    }),
    account_frozen: (p) => ({
      subject: 'Su cuenta está congelada',
      text: `Hola:\n\nNuestro equipo ha congelado su cuenta. Mientras lo esté, las transferencias, las solicitudes de retiro y las nuevas inversiones están suspendidas; los depósitos siguen siendo posibles.\n\nPara más información, escriba a soporte: ${p.supportEmail}\n\nAtlas Invest`,
    }),
    account_unfrozen: (p) => ({
      subject: 'Su cuenta ya no está congelada',
      text: `Hola:\n\nSu cuenta ya no está congelada: las transferencias, los retiros y las inversiones vuelven a ser posibles.\n\n¿Alguna pregunta? ${p.supportEmail}\n\nAtlas Invest`,
    }),
  },
};

export function isLocale(value: unknown): value is Locale {
  return value === 'fr' || value === 'en' || value === 'es';
}

export function render<T extends TemplateName>(template: T, locale: string, params: TemplateParams[T]): Rendered {
  const amount = (params as { amount?: string }).amount;
  const money = amount ? formatMoney(fromDecimalString(amount)) : '';
  const fn = texts[isLocale(locale) ? locale : 'fr'][template] as (p: TemplateParams[T] & { money: string }) => Rendered;
  return fn({ ...params, money });
}
