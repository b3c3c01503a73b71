(function(){var CONFIG=/*CONFIG*/{};})();
