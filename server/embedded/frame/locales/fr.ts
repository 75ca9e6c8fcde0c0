import type { FrameMessages } from '../copy.js'
import { POPUP_COPY } from '../popupCopy.js'

/** The wallet origin's texts in French. */
export const fr: FrameMessages = {
  ...POPUP_COPY.fr,
  'frame.title': 'Portefeuille Gangway',
  'create.title': 'Créez votre portefeuille',
  'create.body':
    'Votre portefeuille sur {site} est protégé par une clé d’accès sur cet appareil. Personne d’autre, pas même {walletOrigin}, ne peut l’utiliser sans cette clé d’accès.',
  'create.button': 'Créer une clé d’accès',
  'recoveryKey.title': 'Conservez votre clé de récupération',
  'recoveryKey.body':
    'Avec elle et cette clé d’accès, vous pouvez récupérer votre portefeuille sur {recoverUrl}, même si le serveur du portefeuille est en panne. Gardez-la en lieu sûr, par exemple dans un gestionnaire de mots de passe :',
  'recoveryKey.button': 'Je l’ai enregistrée',
  'approve.title': '{site} demande : {method}',
  'approve.network': 'Réseau : {chainId}',
  'approve.approve': 'Approuver',
  'approve.reject': 'Refuser',
  'summary.signMessage': 'Signer ce message :',
  'summary.signTypedData': 'Signer {primaryType} pour {app}',
  'summary.signTypedDataNoApp': 'Signer {primaryType}',
  'summary.send': 'Envoyer {amount} {symbol} à {to}',
  'summary.callContract': 'Appeler le contrat {to} avec {amount} {symbol} (données {selector}…)',
  'summary.createAccount': 'Créer le compte {account} avec {amount} {symbol}',
  'summary.sendToken': 'Envoyer {amount} du jeton {mint} au compte de jeton {to}',
  'summary.sendTokenBaseUnits':
    'Envoyer {amount} unités de base d’un jeton au compte de jeton {to}',
  'summary.createTokenAccount':
    'Créer le compte de jeton {account} de {owner} pour le jeton {mint}',
  'summary.computeBudget': 'Fixer les frais et la limite de calcul de la transaction',
  'summary.memo': 'Mémo : {memo}',
  'summary.callProgram': 'Appeler le programme {program} (comptes : {count})',
  'export.title': 'Afficher votre phrase de récupération',
  'export.body':
    'Quiconque possède ces mots peut dépenser depuis votre portefeuille. Assurez-vous que personne ne voit votre écran. Votre clé d’accès confirme que c’est bien vous.',
  'export.continue': 'Continuer',
  'export.cancel': 'Annuler',
  'phrase.title': 'Votre phrase de récupération',
  'phrase.done': 'Terminé',
  'recover.title': 'Récupérer votre portefeuille',
  'recover.intro':
    'Collez la clé de récupération enregistrée lors de la création de votre portefeuille, puis utilisez la clé d’accès de ce portefeuille. Rien ne quitte cette page.',
  'recover.keyLabel': 'Clé de récupération',
  'recover.submit': 'Récupérer avec ma clé d’accès',
  'recover.usePasskey': 'Utilisez votre clé d’accès…',
  'recover.done': 'Récupéré.',
  'recover.notAKey': 'Ce n’est pas une clé de récupération Gangway.',
  'recover.wrongPasskey': 'Cette clé de récupération ne s’ouvre pas avec cette clé d’accès.',
  'recover.yourWallet': 'Votre portefeuille',
  'recover.ethereumAddress': 'Adresse Ethereum',
  'recover.solanaAddress': 'Adresse Solana',
  'recover.phrase': 'Phrase de récupération',
  'recover.warning':
    'Quiconque possède la phrase de récupération peut dépenser depuis ce portefeuille. Importez-la uniquement dans un portefeuille de confiance, puis fermez cette page.',
}
