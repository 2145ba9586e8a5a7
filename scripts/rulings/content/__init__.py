"""rulings.content"""
