// Stands in for CSS imports in Jest.
module.exports = {};
