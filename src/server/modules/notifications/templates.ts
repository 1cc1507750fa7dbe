import { formatLongDate, formatLongDateTime } from '../../../core/dates';
import { formatMoney, fromDecimalString } from '../../../core/money';
import { fillReason, type InvestorReason } from '../../../core/rejection-reasons';
import { reasonTexts } from '../../../core/rejection-texts';
import { closureTexts, type ClosureTemplateParams } from './closure-templates';

export type Locale = 'fr' | 'en' | 'es';

/** What each template needs; amounts are decimal strings ("1250.00") as everywhere on the wire. */
export interface TemplateParams extends ClosureTemplateParams {
  password_reset: { url: string };
  deposit_approved: { amount: string };
  deposit_rejected: Rejected;
  /** With the payout transaction when the operator gave one (decision 057), and its explorer page when configured. */
  withdrawal_approved: { amount: string; crypto: string; txid?: string; explorerUrl?: string };
  withdrawal_rejected: Rejected & { crypto?: string; address?: string };
  identity_verified: Record<string, never>;
  identity_rejected: { reasonCode: InvestorReason; canCorrect: boolean };
  /** The verified document expires on `expiry` (YYYY-MM-DD); `url` opens the profile's identity section. */
  identity_expiring: { expiry: string; url: string };
  email_verification: { url: string };
  new_sign_in: { at: string; ip: string; device: string };
  password_changed: { at: string };
  two_factor_enabled: { at: string };
  two_factor_disabled: { at: string };
  withdrawal_requested: { amount: string; crypto: string; address: string };
  sign_in_brake: { url: string };
  account_frozen: { supportEmail: string };
  account_unfrozen: { supportEmail: string };
  support_opened: { reference: string; hours: number; url: string };
  support_reply: { reference: string; body: string; url: string };
}

/**
 * A rejection: the catalogue's investor-facing code (its text is the one the history shows) and
 * whether the person may correct it; `reason` is the free text of e-mails queued before the catalogue.
 */
interface Rejected {
  amount: string;
  reasonCode?: InvestorReason;
  canCorrect?: boolean;
  reason?: string;
}

export type TemplateName = keyof TemplateParams;
interface Rendered {
  subject: string;
  text: string;
}

type Texts = { [T in TemplateName]: (p: TemplateParams[T] & { money: string }) => Rendered };

const reason = (label: string, r?: string) => (r ? `\n${label} ${r}` : '');

const correctLine: Record<Locale, string> = {
  fr: 'Pour corriger cette demande, ouvrez votre historique dans la Caisse et choisissez « Corriger ».',
  en: 'To correct this request, open your history in the Cashier and choose "Correct".',
  es: 'Para corregir esta solicitud, abra su historial en la Caja y elija «Corregir».',
};

const correctIdentityLine: Record<Locale, string> = {
  fr: 'Pour corriger, ouvrez votre profil, section « Vérifier mon identité », et choisissez « Corriger ».',
  en: 'To correct it, open your profile, section "Verify my identity", and choose "Correct".',
  es: 'Para corregirla, abra su perfil, sección «Verificar mi identidad», y elija «Corregir».',
};

/** An identity rejection's reason in the catalogue's words, as the profile shows it. */
function identityWhy(lng: Locale, p: { reasonCode: InvestorReason; canCorrect: boolean }) {
  return `\n\n${reasonTexts[lng].investor[p.reasonCode]}${p.canCorrect ? `\n${correctIdentityLine[lng]}` : ''}`;
}

/** The rejection's reason in the catalogue's words (as the history shows it), or a note from before the catalogue. */
function why(lng: Locale, label: string, p: Rejected & { money: string; crypto?: string; address?: string }) {
  if (!p.reasonCode) return reason(label, p.reason);
  const text = fillReason(reasonTexts[lng].investor[p.reasonCode], {
    amount: p.money,
    ...(p.crypto ? { crypto: p.crypto } : {}),
    ...(p.address ? { address: p.address } : {}),
  });
  return `\n\n${text}${p.canCorrect ? `\n${correctLine[lng]}` : ''}`;
}
/** "24 novembre 2026 à 00:20 UTC", "November 24, 2026 at 12:20 AM UTC": in words, the zone said. */
const when = (lng: Locale, iso: string) => formatLongDateTime(iso, lng);
const day = (lng: Locale, iso: string) => formatLongDate(iso, lng);

const texts: Record<Locale, Texts> = {
  fr: {
    ...closureTexts.fr,
    password_reset: (p) => ({
      subject: 'Réinitialisation de votre mot de passe',
      text: `Bonjour,\n\nPour choisir un nouveau mot de passe, ouvrez ce lien (valable 1 heure)\u00a0:\n${p.url}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message.\n\nAtlas Invest`,
    }),
    deposit_approved: (p) => ({
      subject: 'Dépôt approuvé',
      text: `Bonjour,\n\nVotre dépôt de ${p.money} a été approuvé et crédité sur votre solde.\n\nAtlas Invest`,
    }),
    deposit_rejected: (p) => ({
      subject: 'Dépôt rejeté',
      text: `Bonjour,\n\nVotre dépôt de ${p.money} a été rejeté.${why('fr', 'Motif\u00a0:', p)}\n\nAtlas Invest`,
    }),
    withdrawal_approved: (p) => ({
      subject: 'Retrait approuvé',
      text: p.txid
        ? `Bonjour,\n\nVotre retrait de ${p.money} en ${p.crypto} a été payé.\nTransaction\u00a0: ${p.txid}${p.explorerUrl ? `\n${p.explorerUrl}` : ''}\n\nSes confirmations sont suivies dans votre historique de retraits.\n\nAtlas Invest`
        : `Bonjour,\n\nVotre retrait de ${p.money} en ${p.crypto} a été approuvé. Les fonds seront envoyés sous 24-48h.\n\nAtlas Invest`,
    }),
    withdrawal_rejected: (p) => ({
      subject: 'Retrait rejeté',
      text: `Bonjour,\n\nVotre retrait de ${p.money} a été rejeté et le montant est revenu sur votre solde disponible.${why('fr', 'Motif\u00a0:', p)}\n\nAtlas Invest`,
    }),
    email_verification: (p) => ({
      subject: 'Confirmez votre adresse e-mail',
      text: `Bonjour,\n\nPour confirmer votre adresse e-mail, ouvrez ce lien (valable 3 jours)\u00a0:\n${p.url}\n\nLe premier retrait ou transfert l'exige.\n\nAtlas Invest`,
    }),
    new_sign_in: (p) => ({
      subject: 'Connexion depuis un nouvel appareil',
      text: `Bonjour,\n\nVotre compte a été ouvert depuis un nouvel appareil le ${when('fr', p.at)}.\nAdresse\u00a0: ${p.ip}\nNavigateur\u00a0: ${p.device}\n\nSi ce n'était pas vous, changez votre mot de passe et déconnectez les autres sessions depuis votre profil.\n\nAtlas Invest`,
    }),
    password_changed: (p) => ({
      subject: 'Votre mot de passe a changé',
      text: `Bonjour,\n\nLe mot de passe de votre compte a été changé le ${when('fr', p.at)}. Par sécurité, les retraits sont suspendus pendant 24 heures.\n\nSi ce n'était pas vous, demandez tout de suite une réinitialisation du mot de passe.\n\nAtlas Invest`,
    }),
    two_factor_enabled: (p) => ({
      subject: 'Double authentification activée',
      text: `Bonjour,\n\nLa double authentification a été activée sur votre compte le ${when('fr', p.at)}.\n\nSi ce n'était pas vous, changez votre mot de passe.\n\nAtlas Invest`,
    }),
    two_factor_disabled: (p) => ({
      subject: 'Double authentification désactivée',
      text: `Bonjour,\n\nLa double authentification a été désactivée sur votre compte le ${when('fr', p.at)}.\n\nSi ce n'était pas vous, changez votre mot de passe et réactivez-la.\n\nAtlas Invest`,
    }),
    withdrawal_requested: (p) => ({
      subject: 'Demande de retrait reçue',
      text: `Bonjour,\n\nUne demande de retrait de ${p.money} en ${p.crypto} vers ${p.address} a été faite depuis votre compte. Un opérateur va l'examiner.\n\nSi ce n'était pas vous, changez votre mot de passe.\n\nAtlas Invest`,
    }),
    sign_in_brake: (p) => ({
      subject: 'Connexions bloquées sur votre compte',
      text: `Bonjour,\n\nDe nombreuses tentatives de connexion avec un mauvais mot de passe sont venues de plusieurs adresses\u00a0: les connexions à votre compte sont freinées.\nPour vous connecter malgré tout depuis ce navigateur, ouvrez ce lien (valable 24 heures)\u00a0:\n${p.url}\n\nAtlas Invest`,
    }),
    account_frozen: (p) => ({
      subject: 'Votre compte est gelé',
      text: `Bonjour,\n\nVotre compte a été gelé par notre équipe. Tant qu'il l'est, les transferts, les demandes de retrait et les nouveaux investissements sont suspendus\u00a0; vos dépôts restent possibles.\n\nPour en savoir plus, écrivez au support\u00a0: ${p.supportEmail}\n\nAtlas Invest`,
    }),
    identity_verified: () => ({
      subject: 'Identité vérifiée',
      text: `Bonjour,\n\nVotre identité a été vérifiée. Merci\u00a0!\n\nAtlas Invest`,
    }),
    identity_expiring: (p) => ({
      subject: 'Votre pièce d’identité expire bientôt',
      text: `Bonjour,\n\nLa pièce d’identité vérifiée sur votre compte expire le ${day('fr', p.expiry)}. À cette date, vos limites de dépôt et de retrait seront réduites jusqu’à la vérification d’une nouvelle pièce.\n\nEnvoyez dès maintenant une pièce en cours de validité depuis votre profil\u00a0: votre vérification actuelle reste valable pendant l’examen.\n${p.url}\n\nAtlas Invest`,
    }),
    identity_rejected: (p) => ({
      subject: 'Vérification d’identité refusée',
      text: `Bonjour,\n\nNous n’avons pas pu vérifier votre identité.${identityWhy('fr', p)}\n\nAtlas Invest`,
    }),
    account_unfrozen: (p) => ({
      subject: 'Votre compte est dégelé',
      text: `Bonjour,\n\nVotre compte n'est plus gelé\u00a0: transferts, retraits et investissements sont de nouveau possibles.\n\nUne question\u00a0? ${p.supportEmail}\n\nAtlas Invest`,
    }),
    support_opened: (p) => ({
      subject: `Conversation ${p.reference} ouverte`,
      text: `Bonjour,\n\nVotre conversation ${p.reference} est transmise à une personne de notre équipe. Nous visons une réponse sous ${p.hours} h\u00a0; elle s'affichera dans l'assistant et vous sera aussi envoyée par e-mail.\n\nPour continuer la conversation\u00a0: ${p.url}\n\nAtlas Invest`,
    }),
    support_reply: (p) => ({
      subject: `Réponse à votre conversation ${p.reference}`,
      text: `Bonjour,\n\nNotre équipe a répondu dans votre conversation ${p.reference}\u00a0:\n\n${p.body}\n\nPour répondre, ouvrez l'assistant\u00a0: ${p.url}\n\nAtlas Invest`,
    }),
  },
  en: {
    ...closureTexts.en,
    password_reset: (p) => ({
      subject: 'Reset your password',
      text: `Hello,\n\nTo choose a new password, open this link (valid for 1 hour):\n${p.url}\n\nIf you did not ask for this, ignore this message.\n\nAtlas Invest`,
    }),
    deposit_approved: (p) => ({
      subject: 'Deposit approved',
      text: `Hello,\n\nYour deposit of ${p.money} was approved and credited to your balance.\n\nAtlas Invest`,
    }),
    deposit_rejected: (p) => ({
      subject: 'Deposit rejected',
      text: `Hello,\n\nYour deposit of ${p.money} was rejected.${why('en', 'Reason:', p)}\n\nAtlas Invest`,
    }),
    withdrawal_approved: (p) => ({
      subject: 'Withdrawal approved',
      text: p.txid
        ? `Hello,\n\nYour withdrawal of ${p.money} in ${p.crypto} was paid.\nTransaction: ${p.txid}${p.explorerUrl ? `\n${p.explorerUrl}` : ''}\n\nIts confirmations are followed in your withdrawal history.\n\nAtlas Invest`
        : `Hello,\n\nYour withdrawal of ${p.money} in ${p.crypto} was approved. The funds will be sent within 24-48h.\n\nAtlas Invest`,
    }),
    withdrawal_rejected: (p) => ({
      subject: 'Withdrawal rejected',
      text: `Hello,\n\nYour withdrawal of ${p.money} was rejected and the amount is back in your available balance.${why('en', 'Reason:', p)}\n\nAtlas Invest`,
    }),
    email_verification: (p) => ({
      subject: 'Confirm your e-mail address',
      text: `Hello,\n\nTo confirm your e-mail address, open this link (valid for 3 days):\n${p.url}\n\nYour first withdrawal or transfer needs it.\n\nAtlas Invest`,
    }),
    new_sign_in: (p) => ({
      subject: 'Sign-in from a new device',
      text: `Hello,\n\nYour account was signed in from a new device on ${when('en', p.at)}.\nAddress: ${p.ip}\nBrowser: ${p.device}\n\nIf this was not you, change your password and sign out the other sessions from your profile.\n\nAtlas Invest`,
    }),
    password_changed: (p) => ({
      subject: 'Your password changed',
      text: `Hello,\n\nYour account's password was changed on ${when('en', p.at)}. For your safety, withdrawals are paused for 24 hours.\n\nIf this was not you, ask for a password reset right away.\n\nAtlas Invest`,
    }),
    two_factor_enabled: (p) => ({
      subject: 'Two-factor authentication turned on',
      text: `Hello,\n\nTwo-factor authentication was turned on for your account on ${when('en', p.at)}.\n\nIf this was not you, change your password.\n\nAtlas Invest`,
    }),
    two_factor_disabled: (p) => ({
      subject: 'Two-factor authentication turned off',
      text: `Hello,\n\nTwo-factor authentication was turned off for your account on ${when('en', p.at)}.\n\nIf this was not you, change your password and turn it back on.\n\nAtlas Invest`,
    }),
    withdrawal_requested: (p) => ({
      subject: 'Withdrawal request received',
      text: `Hello,\n\nA withdrawal of ${p.money} in ${p.crypto} to ${p.address} was requested from your account. An operator will review it.\n\nIf this was not you, change your password.\n\nAtlas Invest`,
    }),
    sign_in_brake: (p) => ({
      subject: 'Sign-ins to your account are slowed down',
      text: `Hello,\n\nMany sign-in attempts with a wrong password came from several addresses, so sign-ins to your account are now braked.\nTo sign in from this browser anyway, open this link (valid for 24 hours):\n${p.url}\n\nAtlas Invest`,
    }),
    account_frozen: (p) => ({
      subject: 'Your account is frozen',
      text: `Hello,\n\nOur team has frozen your account. While it is frozen, transfers, withdrawal requests and new investments are suspended; deposits remain possible.\n\nTo find out more, write to support: ${p.supportEmail}\n\nAtlas Invest`,
    }),
    identity_verified: () => ({
      subject: 'Identity verified',
      text: `Hello,\n\nYour identity has been verified. Thank you!\n\nAtlas Invest`,
    }),
    identity_expiring: (p) => ({
      subject: 'Your identity document expires soon',
      text: `Hello,\n\nThe identity document verified on your account expires on ${day('en', p.expiry)}. From that date, your deposit and withdrawal limits will be reduced until a new document is verified.\n\nSend a valid document from your profile now: your current verification stays valid while it is reviewed.\n${p.url}\n\nAtlas Invest`,
    }),
    identity_rejected: (p) => ({
      subject: 'Identity verification declined',
      text: `Hello,\n\nWe could not verify your identity.${identityWhy('en', p)}\n\nAtlas Invest`,
    }),
    account_unfrozen: (p) => ({
      subject: 'Your account is no longer frozen',
      text: `Hello,\n\nYour account is no longer frozen: transfers, withdrawals and investments are possible again.\n\nA question? ${p.supportEmail}\n\nAtlas Invest`,
    }),
    support_opened: (p) => ({
      subject: `Conversation ${p.reference} opened`,
      text: `Hello,\n\nYour conversation ${p.reference} has been passed to a person from our team. We aim to answer within ${p.hours} h; the answer will show in the assistant and be e-mailed to you too.\n\nTo continue the conversation: ${p.url}\n\nAtlas Invest`,
    }),
    support_reply: (p) => ({
      subject: `Reply to your conversation ${p.reference}`,
      text: `Hello,\n\nOur team replied in your conversation ${p.reference}:\n\n${p.body}\n\nTo answer, open the assistant: ${p.url}\n\nAtlas Invest`,
    }),
  },
  es: {
    ...closureTexts.es,
    password_reset: (p) => ({
      subject: 'Restablecer su contraseña',
      text: `Hola:\n\nPara elegir una nueva contraseña, abra este enlace (válido durante 1 hora):\n${p.url}\n\nSi usted no lo solicitó, ignore este mensaje.\n\nAtlas Invest`,
    }),
    deposit_approved: (p) => ({
      subject: 'Depósito aprobado',
      text: `Hola:\n\nSu depósito de ${p.money} fue aprobado y acreditado en su saldo.\n\nAtlas Invest`,
    }),
    deposit_rejected: (p) => ({
      subject: 'Depósito rechazado',
      text: `Hola:\n\nSu depósito de ${p.money} fue rechazado.${why('es', 'Motivo:', p)}\n\nAtlas Invest`,
    }),
    withdrawal_approved: (p) => ({
      subject: 'Retiro aprobado',
      text: p.txid
        ? `Hola:\n\nSu retiro de ${p.money} en ${p.crypto} fue pagado.\nTransacción: ${p.txid}${p.explorerUrl ? `\n${p.explorerUrl}` : ''}\n\nSus confirmaciones se siguen en su historial de retiros.\n\nAtlas Invest`
        : `Hola:\n\nSu retiro de ${p.money} en ${p.crypto} fue aprobado. Los fondos se enviarán en 24-48h.\n\nAtlas Invest`,
    }),
    withdrawal_rejected: (p) => ({
      subject: 'Retiro rechazado',
      text: `Hola:\n\nSu retiro de ${p.money} fue rechazado y el monto volvió a su saldo disponible.${why('es', 'Motivo:', p)}\n\nAtlas Invest`,
    }),
    email_verification: (p) => ({
      subject: 'Confirme su dirección de correo',
      text: `Hola:\n\nPara confirmar su dirección de correo, abra este enlace (válido durante 3 días):\n${p.url}\n\nSu primer retiro o transferencia lo requiere.\n\nAtlas Invest`,
    }),
    new_sign_in: (p) => ({
      subject: 'Inicio de sesión desde un nuevo dispositivo',
      text: `Hola:\n\nSe inició sesión en su cuenta desde un nuevo dispositivo el ${when('es', p.at)}.\nDirección: ${p.ip}\nNavegador: ${p.device}\n\nSi no fue usted, cambie su contraseña y cierre las demás sesiones desde su perfil.\n\nAtlas Invest`,
    }),
    password_changed: (p) => ({
      subject: 'Su contraseña cambió',
      text: `Hola:\n\nLa contraseña de su cuenta se cambió el ${when('es', p.at)}. Por seguridad, los retiros quedan suspendidos durante 24 horas.\n\nSi no fue usted, solicite de inmediato un restablecimiento de contraseña.\n\nAtlas Invest`,
    }),
    two_factor_enabled: (p) => ({
      subject: 'Autenticación en dos pasos activada',
      text: `Hola:\n\nLa autenticación en dos pasos se activó en su cuenta el ${when('es', p.at)}.\n\nSi no fue usted, cambie su contraseña.\n\nAtlas Invest`,
    }),
    two_factor_disabled: (p) => ({
      subject: 'Autenticación en dos pasos desactivada',
      text: `Hola:\n\nLa autenticación en dos pasos se desactivó en su cuenta el ${when('es', p.at)}.\n\nSi no fue usted, cambie su contraseña y vuelva a activarla.\n\nAtlas Invest`,
    }),
    withdrawal_requested: (p) => ({
      subject: 'Solicitud de retiro recibida',
      text: `Hola:\n\nSe solicitó desde su cuenta un retiro de ${p.money} en ${p.crypto} hacia ${p.address}. Un operador lo revisará.\n\nSi no fue usted, cambie su contraseña.\n\nAtlas Invest`,
    }),
    sign_in_brake: (p) => ({
      subject: 'Inicios de sesión frenados en su cuenta',
      text: `Hola:\n\nMuchos intentos de inicio de sesión con una contraseña incorrecta llegaron desde varias direcciones: los inicios de sesión en su cuenta están frenados.\nPara iniciar sesión de todos modos desde este navegador, abra este enlace (válido durante 24 horas):\n${p.url}\n\nAtlas Invest`,
    }),
    account_frozen: (p) => ({
      subject: 'Su cuenta está congelada',
      text: `Hola:\n\nNuestro equipo ha congelado su cuenta. Mientras lo esté, las transferencias, las solicitudes de retiro y las nuevas inversiones están suspendidas; los depósitos siguen siendo posibles.\n\nPara más información, escriba a soporte: ${p.supportEmail}\n\nAtlas Invest`,
    }),
    identity_verified: () => ({
      subject: 'Identidad verificada',
      text: `Hola:\n\nSu identidad ha sido verificada. ¡Gracias!\n\nAtlas Invest`,
    }),
    identity_expiring: (p) => ({
      subject: 'Su documento de identidad caduca pronto',
      text: `Hola:\n\nEl documento de identidad verificado en su cuenta caduca el ${day('es', p.expiry)}. A partir de esa fecha, sus límites de depósito y de retiro se reducirán hasta que se verifique un nuevo documento.\n\nEnvíe ya un documento vigente desde su perfil: su verificación actual sigue siendo válida durante la revisión.\n${p.url}\n\nAtlas Invest`,
    }),
    identity_rejected: (p) => ({
      subject: 'Verificación de identidad rechazada',
      text: `Hola:\n\nNo pudimos verificar su identidad.${identityWhy('es', p)}\n\nAtlas Invest`,
    }),
    account_unfrozen: (p) => ({
      subject: 'Su cuenta ya no está congelada',
      text: `Hola:\n\nSu cuenta ya no está congelada: las transferencias, los retiros y las inversiones vuelven a ser posibles.\n\n¿Alguna pregunta? ${p.supportEmail}\n\nAtlas Invest`,
    }),
    support_opened: (p) => ({
      subject: `Conversación ${p.reference} abierta`,
      text: `Hola:\n\nSu conversación ${p.reference} se ha transmitido a una persona de nuestro equipo. Procuramos responder en menos de ${p.hours} h; la respuesta aparecerá en el asistente y también se la enviaremos por correo.\n\nPara continuar la conversación: ${p.url}\n\nAtlas Invest`,
    }),
    support_reply: (p) => ({
      subject: `Respuesta a su conversación ${p.reference}`,
      text: `Hola:\n\nNuestro equipo respondió en su conversación ${p.reference}:\n\n${p.body}\n\nPara responder, abra el asistente: ${p.url}\n\nAtlas Invest`,
    }),
  },
};

export function isLocale(value: unknown): value is Locale {
  return value === 'fr' || value === 'en' || value === 'es';
}

export function render<T extends TemplateName>(template: T, locale: string, params: TemplateParams[T]): Rendered {
  const amount = (params as { amount?: string }).amount;
  const money = amount ? formatMoney(fromDecimalString(amount)) : '';
  const fn = texts[isLocale(locale) ? locale : 'fr'][template] as (
    p: TemplateParams[T] & { money: string },
  ) => Rendered;
  return fn({ ...params, money });
}
