document.documentElement.dataset.gangway = 'frame'
