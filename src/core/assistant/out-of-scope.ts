import { words } from './normalize';

/**
 * Messages the assistant must never answer with confidence, whatever topic words they contain
 * (issue 46, item 12): attempts to make it drop its rules, requests for someone else's account,
 * homework and general knowledge. Each pattern is a family of phrasings, matched on the
 * normalized words ("Ignore tes instructions !" → "ignore tes instructions").
 */
const patterns: RegExp[] = [
  // Attempts to change the assistant's rules or make it show them.
  /(?<!\bai )\b(ignore[rsz]?|ignora[rd]?|ignoring|oublie[rz]?|forget|olvida[r]?|disregard|bypass|contourne[rz]?)\b(\s\w+){0,3}\s(instructions?|instrucciones|regles|rules|reglas|consignes|prompt|restrictions|restricciones)\b/,
  /\b(tu es|t es|vous etes|you are|you re|ur|eres|ahora eres)( now| maintenant| desormais)?( un| une| a| an| el| la)? (dan|pirate|pirata|jailbroken|assistant sans|asistente sin|assistant without|unrestricted|sans limites|sin restricciones|sin limites|without limits)\b/,
  /\b(system prompt|prompt systeme|prompt del sistema|prompt du systeme|your prompt|ton prompt|votre prompt|tu prompt|su prompt|hidden rules|regles cachees|reglas ocultas|jailbreak|developer mode|mode developpeur|modo desarrollador|your configuration|ta configuration|tu configuracion)\b/,
  // Someone else's account: every user's, another person's, or one named by a number.
  /\b(tous les|toutes les|every|all|all the|todos los|todas las|other|autres|otros) (utilisateurs?|users?|clients?|investisseurs?|investors?|usuarios?|clientes?|inversores?|inversionistas?|comptes|accounts|cuentas)( s)? (solde|soldes|balances?|saldos?|emails?|e mails?|donnees|data|datos|infos?|mots? de passe|passwords?|contrasenas?)\b/,
  /\b(solde|soldes|balances?|saldos?|e ?mails?|correos?|telephones?|phones?|phone numbers?|telefonos?|adresses?|address|direccion|donnees|data|datos|infos?|mots? de passe|passwords?|contrasenas?)\b(\s\w+){0,4} (de l |de la |du |de |of |del |d )?(uid|atu\w*|utilisateur|user|usuario|investisseur|investor|inversor|client|cliente|membre|member|miembro)\s?\d+/,
  /\b(tous les|every|all|todos los) (utilisateurs|users|usuarios|clients|clientes|investisseurs|investors|inversores)\b.*\b(solde|balance|saldo|donnees|data|datos)\b/,
  /\b(solde|balance|saldo|donnees|data|datos)\b.*\b(tous les|every|all|todos los) (utilisateurs|users|usuarios|clients|clientes|investisseurs|investors|inversores)\b/,
  /\b(combien|solde|balance|saldo|how much|cuanto|voir|see|ver|montre|show|muestra)\b.*\b(compte|account|cuenta) (de|of|d) (ma|mon|mes|my|mi|mis) (femme|mari|frere|soeur|pere|mere|fils|fille|ami|amie|pote|voisin|voisine|collegue|wife|husband|brother|sister|father|mother|son|daughter|friend|neighbour|neighbor|colleague|esposa|esposo|marido|hermano|hermana|padre|madre|hijo|hija|amigo|amiga|vecino|vecina|primo|prima|colega)\b/,
  /\b(how much|combien|cuanto)( money| d argent| dinero)? (does|a|tiene|possede) (my|mon|ma|mi|his|her|el|la|le) (wife|husband|brother|sister|father|mother|friend|neighbour|neighbor|femme|mari|frere|soeur|pere|mere|ami|pote|voisin|esposa|esposo|marido|hermano|hermana|padre|madre|amigo|vecino|primo|prima)\b/,
  /\b(his|her|their) (account|balance|password|data)\b/,
  // Someone else's investments: "mon voisin est sur la plateforme, combien il a investi ?".
  /\b(combien (il|elle) a|how much (has|did|does) (he|she)|cuanto (tiene|ha) (invertido|ganado|en su cuenta))\b/,
  // Another company's account or app: "mon compte Revolut est bloqué", "reset my Instagram password".
  /\b((mon|ma|my|mi)( compte| account| cuenta| app| appli)? (revolut|paypal|nequi|instagram|facebook|gmail|netflix|amazon|nubank|boursorama|robinhood|n26|venmo|cash app|daviplata|bizum|lydia|mercado pago|tiktok|snapchat|twitter)|(compte|account|cuenta) (revolut|paypal|nequi|instagram|facebook|gmail|netflix|amazon|nubank|boursorama|robinhood|n26|venmo|cash app|daviplata|bizum|lydia|mercado pago|tiktok|snapchat|twitter)|(revolut|paypal|nequi|instagram|facebook|gmail|netflix|amazon|nubank|boursorama|robinhood|n26|venmo|cash app|daviplata|bizum|lydia|mercado pago|tiktok|snapchat|twitter) (account|password|compte|mot de passe|cuenta|contrasena))\b/,
  // Insults to the assistant itself: not a complaint about the service, nothing to answer.
  /\b(stupid|dumb|useless|idiot|inutile|nul|bete|con|debile|tonto|estupido|inutil|asco de|de mierda)( de)? (bot|robot|assistant|asistente|ia|ai)\b/,
  /\b(bot|robot|assistant|asistente) (de )?(stupid|dumb|useless|idiot|inutile|nul|bete|debile|tonto|estupido|inutil|de mierda)\b/,
  /^(t es|t|tu es|you re|you are|eres)( vraiment| really| muy| so)? (nul|bete|con|debile|stupid|dumb|useless|idiot|tonto|estupido|inutil)$/,
  // Homework, general knowledge, writing and translating for the person.
  /\b(devoirs?|homework|tareas?|deberes|dissertation|essay|ensayo|redaction|solve|resous|resoudre|resuelve|resolver|equation|ecuacion)\b/,
  /\b(maths?|mathematiques|mathematics|matematicas?|algebra|algebre|chimie|chemistry|quimica|physique|physics|fisica|biologie|biology|biologia|geographie|geography|geografia)\b/,
  /\b(capitale? (de|of|d) (?!(mi|mon|ma|mes|my|mis|votre|your|su|tu|l investissement|la inversion|mon placement)\b)|president (d|of)|presidente? d|presidenta d)/,
  /\b(traduis|traduire|traduce|traducir|traduceme|translate|translation of)\b/,
  /\b(blague|joke|jokes|chiste|poeme|poem|poema|chanson|song|cancion|recette|recipe|receta)\b/,
  /\b(meteo|weather|pleuvoir|pleut|rain|llover|lluvia|il va faire beau|el clima)\b/,
  /\b(qui a gagne|who won|quien gano|le match|the match|the game|el partido|super bowl|champions league|ligue des champions|la liga|coupe du monde|world cup|copa del mundo|mundial de futbol)\b/,
  /\b(quelle heure|what time is it|que hora es)\b/,
];

/** Whether a message is out of the assistant's scope whatever else it names. */
export function isOutOfScope(message: string): boolean {
  const text = words(message).join(' ');
  return patterns.some((p) => p.test(text));
}
