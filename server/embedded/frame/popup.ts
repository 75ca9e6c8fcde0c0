document.documentElement.dataset.gangway = 'popup'
