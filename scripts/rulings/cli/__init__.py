"""rulings.cli"""
